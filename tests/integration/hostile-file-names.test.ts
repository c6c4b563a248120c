import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunningServices } from '../../src-main/app/services';
import { downloadCommand, filesCommand } from '../../src-main/cli/commands/files';
import { runCli } from '../../src-main/cli/main';
import { startAppWithWorkspace } from '../helpers/app-services';
import { testDialogs } from '../helpers/test-dialogs';
import { hostileClient, json, startHostileService, type HostileService } from '../helpers/hostile-service';

// Issue 10, items 1 and 2: files any workspace user can put into a project through the API, named
// to be run, to look like something else, or to leave the chosen folder.

const RLO = '\u202E';
const FILES = [
  { id: 'f-exe', name: 'Angebot.pdf.exe', file_type: 'pdf', content_type: 'application/pdf' },
  { id: 'f-bat', name: 'install.bat', file_type: 'pdf' },
  { id: 'f-desktop', name: 'plan.desktop', file_type: 'png' },
  { id: 'f-rlo', name: `Rechnung${RLO}fdp.exe`, file_type: 'pdf', content_type: 'application/pdf' },
  { id: 'f-pdf', name: 'Aufmaß.pdf', file_type: 'pdf' },
  { id: '../../../important.txt', name: '..', file_type: 'txt' },
  { id: 'f-con', name: 'CON.pdf', file_type: 'pdf' },
  { id: 'f-esc', name: '\u001b]0;pwned\u0007\u001b[2J\u001b[31mred\u009b1m.pdf', file_type: 'pdf' },
];
const BYTES = Buffer.from('%PDF-1.4 hostile');
// eslint-disable-next-line no-control-regex
const HIDDEN = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e]/;
// eslint-disable-next-line no-control-regex
const TERMINAL_CONTROLS = /[\u001b\u0007\u009b]/;

let h: HostileService;
let dir: string;
let services: RunningServices;
let dialogs: ReturnType<typeof testDialogs>;

beforeEach(async () => {
  h = await startHostileService();
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'plandesk-hostile-names-'));
  h.route('GET', /^\/api\/v2\/projects\/p1\/files\?/, (_req, res) =>
    json(res, 200, {
      data: FILES.map((f, i) => ({ ...f, size: BYTES.length, url: `${h.origin}/storage/${i}` })),
      page_info: { totalCount: FILES.length, page: 1, pageSize: 50, totalPages: 1 },
    }),
  );
  h.route('GET', /^\/storage\/\d+$/, (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': BYTES.length });
    res.end(BYTES);
  });
  await fs.mkdir(path.join(dir, 'out'));
  dialogs = testDialogs(path.join(dir, 'out'));
  services = await startAppWithWorkspace(h, {
    userDataDir: path.join(dir, 'userdata'),
    dialogs: dialogs.dialogs,
  });
});

afterEach(async () => {
  await services.close();
  await h.close();
  await fs.rm(dir, { recursive: true, force: true });
});

const cliClient = () => hostileClient(h);

describe('file names from the service, on the files screen', () => {
  it('are shown without hidden characters, with the type of their real extension', async () => {
    const rows = await services.files.list('p1');
    const row = (id: string) => rows.find((r) => r.id === id)!;
    expect(row('f-rlo')).toMatchObject({ name: 'Rechnungfdp.exe', type: 'exe', openable: false });
    expect(row('f-exe')).toMatchObject({ name: 'Angebot.pdf.exe', type: 'exe', openable: false });
    expect(row('f-bat')).toMatchObject({ type: 'bat', openable: false });
    expect(row('f-desktop')).toMatchObject({ type: 'desktop', openable: false });
    expect(row('f-pdf')).toMatchObject({ type: 'pdf', openable: true });
    for (const r of rows) expect(r.name).not.toMatch(HIDDEN);
  });

  it('only the upload types are opened with the OS; anything else is shown in its folder, never run', async () => {
    for (const id of ['f-exe', 'f-bat', 'f-desktop', 'f-rlo']) {
      await expect(services.files.open('p1', id)).rejects.toMatchObject({
        kind: 'validation',
        message: expect.stringContaining('Show in folder'),
      });
    }
    expect(dialogs.calls.opened).toEqual([]);

    const shown = await services.files.showInFolder('p1', 'f-exe');
    expect(dialogs.calls.shown).toEqual([shown.path]);
    expect(path.basename(shown.path)).toBe('Angebot.pdf.exe');
    expect(path.relative(path.join(dir, 'userdata', 'tmp'), shown.path)).not.toMatch(/^\.\./);
    expect(await fs.readFile(shown.path)).toEqual(BYTES);
    expect(dialogs.calls.opened).toEqual([]);

    const opened = await services.files.open('p1', 'f-pdf');
    expect(dialogs.calls.opened).toEqual([opened.path]);
    expect(path.basename(opened.path)).toBe('Aufmaß.pdf');
  });

  it('a preview goes by the real extension, never the service’s file_type', async () => {
    // Listed as a PDF, named .exe: no preview, so its bytes never reach the window as a "PDF".
    expect(await services.files.preview('p1', 'f-exe')).toBeNull();
  });

  it('downloads stay in the chosen folder under a safe name and never overwrite', async () => {
    const out = dialogs.answers.folder!;
    await fs.writeFile(path.join(out, 'download'), 'the user’s own file');
    const dotDot = await services.files.download('p1', '../../../important.txt');
    expect(dotDot.path).toBe(path.join(out, 'download (2)'));
    expect(await fs.readFile(path.join(out, 'download'), 'utf8')).toBe('the user’s own file');
    const con = await services.files.download('p1', 'f-con');
    expect(con.path).toBe(path.join(out, '_CON.pdf'));
    const rlo = await services.files.download('p1', 'f-rlo');
    expect(rlo.path).toBe(path.join(out, 'Rechnungfdp.exe'));
  });
});

describe('file names from the service, on the command line', () => {
  it('`download --out FOLDER` never builds a path from the id and never overwrites', async () => {
    const top = path.join(dir, 'home');
    const out = path.join(top, 'a', 'b', 'c');
    await fs.mkdir(out, { recursive: true });
    await fs.writeFile(path.join(top, 'important.txt'), 'important');
    await fs.writeFile(path.join(out, 'download'), 'already here');

    const said = await downloadCommand(cliClient(), { out }, ['p1', '../../../important.txt'], null);
    expect(await fs.readFile(path.join(top, 'important.txt'), 'utf8')).toBe('important');
    expect(await fs.readFile(path.join(out, 'download'), 'utf8')).toBe('already here');
    expect(await fs.readFile(path.join(out, 'download (2)'))).toEqual(BYTES);
    expect(said).toContain(path.join(out, 'download (2)'));
    expect((await fs.readdir(out)).sort()).toEqual(['download', 'download (2)']);
  });

  it('prints no terminal escape sequence the service put into a name', async () => {
    const table = await filesCommand(cliClient(), {}, ['p1']);
    expect(table).toContain('red');
    expect(table).not.toMatch(TERMINAL_CONTROLS);

    const out: string[] = [];
    const code = await runCli(
      ['files', 'p1', '--base-url', h.baseUrl, '--customer', h.customer, '--key', h.key],
      {
        stdout: (t) => out.push(t),
        stderr: () => undefined,
        env: {},
      },
    );
    expect(code).toBe(0);
    expect(out.join('')).not.toMatch(TERMINAL_CONTROLS);
  });
});
