/**
 * `files`, `download`, `delete-file`: a project's files from the command line (`upload` is
 * upload.ts). Downloads stream to disk; Ctrl+C cancels them cleanly (nothing half-written at the
 * destination).
 */
import { stat } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import type { ApiClient } from '../../api/client';
import type { ProjectFile } from '../../api/schemas';
import { deleteFile, downloadFile, listFiles } from '../../files/files-service';
import { requirePositional } from '../args';
import { renderTable } from '../table';
import { json } from './projects';
import { ServiceError } from '../../errors/service-error';
import { writeNewFileInside } from '../../local-files/new-file-inside';
import type { Translate } from '../../../src-shared/i18n/catalogue';
import { EN, type CliText } from '../i18n';

export type CommandFlags = Record<string, string | boolean | undefined>;
/** Where progress lines go; by default stderr when it is a terminal, else nowhere. */
export type ProgressWriter = (text: string) => void;

/** `files PROJECT_ID [--json]` — every file of the project (all pages). */
export async function filesCommand(
  client: ApiClient,
  flags: CommandFlags,
  positionals: string[],
  text: CliText = EN,
): Promise<string> {
  const { t } = text;
  const projectId = requirePositional(positionals, 0, 'PROJECT_ID');
  const files = await listFiles(client, projectId);
  if (flags.json) return json({ data: files, count: files.length });
  const table = renderTable(
    [t('cli.id'), t('cli.name'), t('cli.type'), t('cli.size'), t('cli.date')],
    files.map((f) => [
      f.id,
      f.name,
      f.file_type ?? f.content_type,
      formatSize(f.size),
      formatDate(f.created),
    ]),
  );
  return `${table}\n${text.tp('cli.files', files.length)}`;
}

/** `download PROJECT_ID FILE_ID --out PATH [--json]` — PATH is a file, or a folder to save into. */
export async function downloadCommand(
  client: ApiClient,
  flags: CommandFlags,
  positionals: string[],
  progress: ProgressWriter | null = defaultProgress(),
  { t }: CliText = EN,
): Promise<string> {
  const projectId = requirePositional(positionals, 0, 'PROJECT_ID');
  const fileId = requirePositional(positionals, 1, 'FILE_ID');
  const out = stringFlag(flags, 'out');
  if (!out) throw new ServiceError('config', 'Missing --out PATH (a file, or a folder to save into).');
  const outPath = resolve(out);
  let meter: ReturnType<typeof progressMeter> | null = null;
  const download = (target: string | ProjectFile, dest: string) => {
    meter = progress ? progressMeter(progress, t('cli.downloadingTo', { name: basename(dest) })) : null;
    return withInterrupt((signal) =>
      downloadFile(client, projectId, target, dest, {
        signal,
        onProgress: (bytes, total) => meter?.update(bytes, total),
      }),
    ).finally(() => meter?.done());
  };
  let result;
  if (await isDirectory(outPath)) {
    // Into the folder under the service's name made safe (never its id), never over another file.
    const file = (await listFiles(client, projectId)).find((f) => f.id === fileId);
    if (!file) throw new ServiceError('not-found', `The project has no file with the ID "${fileId}".`);
    result = (await writeNewFileInside(outPath, file.name, (dest) => download(file, dest))).result;
  } else {
    // A file path the user typed: theirs to name, and to replace.
    result = await download(fileId, outPath);
  }
  const { bytes, listedBytes } = result;
  if (flags.json) return json({ file: result.file, path: result.path, bytes, listedBytes });
  const saved = t('cli.saved', { name: result.file.name, size: formatSize(bytes), path: result.path });
  // The transfer's own length decided; a list that said otherwise is worth a word, not a failure.
  return listedBytes === null || listedBytes === bytes
    ? saved
    : `${saved}\n${t('cli.sizeDiffers', { listed: listedBytes, bytes })}`;
}

/** `delete-file PROJECT_ID FILE_ID [--json]` — permanently deletes the file. */
export async function deleteFileCommand(
  client: ApiClient,
  flags: CommandFlags,
  positionals: string[],
  { t }: CliText = EN,
): Promise<string> {
  const projectId = requirePositional(positionals, 0, 'PROJECT_ID');
  const fileId = requirePositional(positionals, 1, 'FILE_ID');
  await deleteFile(client, projectId, fileId);
  if (flags.json) return json({ id: fileId, deleted: true });
  return t('cli.deleted', { file: fileId, project: projectId });
}

// ---- helpers ------------------------------------------------------------------------------------

export function fileFacts(
  file: ProjectFile,
  verb: string,
  t: Translate,
): [string, string | number | null | undefined][] {
  return [
    [verb, file.name],
    [t('cli.id'), file.id],
    [t('cli.type'), file.file_type ?? file.content_type],
    [t('cli.size'), formatSize(file.size)],
    [t('cli.created'), file.created],
  ];
}

export function stringFlag(flags: CommandFlags, name: string): string | undefined {
  const v = flags[name];
  if (v === undefined || v === false) return undefined;
  if (typeof v !== 'string' || v.trim() === '') throw new ServiceError('config', `--${name} needs a value.`);
  return v;
}

/** Bytes as B, KB, MB, GB (1024-based). */
export function formatSize(size: number | null | undefined): string {
  if (size === null || size === undefined) return '';
  if (size < 1024) return `${size} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let v = size / 1024;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v.toFixed(1)} ${units[i]}`;
}

function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const m = /^(\d{4}-\d\d-\d\d)[T ](\d\d:\d\d)/.exec(iso);
  return m ? `${m[1]} ${m[2]}` : iso;
}

async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}

/** Runs `work` with a signal that Ctrl+C (SIGINT) aborts, instead of killing the process mid-write. */
export async function withInterrupt<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const onSigint = () => controller.abort();
  process.once('SIGINT', onSigint);
  try {
    return await work(controller.signal);
  } finally {
    process.removeListener('SIGINT', onSigint);
  }
}

export function defaultProgress(): ProgressWriter | null {
  return process.stderr.isTTY ? (text) => process.stderr.write(text) : null;
}

/** "Uploading x.pdf: 45% (22.5 MB of 50.0 MB)", redrawn at most every 200 ms. */
export function progressMeter(write: ProgressWriter, label: string) {
  let last = 0;
  let shown = false;
  let finished = false;
  const render = (bytes: number, total: number | null) => {
    const pct = total ? ` ${Math.floor((bytes / total) * 100)}%` : '';
    const of = total ? ` of ${formatSize(total)}` : '';
    write(`\r${label}:${pct} (${formatSize(bytes)}${of})   `);
    shown = true;
  };
  return {
    update: (bytes: number, total: number | null) => {
      if (finished) return;
      const now = Date.now();
      if (now - last < 200 && bytes !== total) return;
      last = now;
      render(bytes, total);
    },
    done: () => {
      if (finished) return;
      finished = true;
      if (shown) write('\n');
    },
  };
}
