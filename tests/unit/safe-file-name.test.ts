import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  MAX_FILE_NAME_BYTES,
  displayFileName,
  fileExtension,
  safeFileName,
} from '../../src-shared/files/safe-file-name';
import { cappedServiceText, withoutHiddenCharacters } from '../../src-shared/text/hidden-characters';
import { markAsFromInternet, zoneIdentifierText } from '../../src-main/local-files/zone-identifier';

// Issue 10, items 1 and 2: the one rule for names the service chose, shown or written to disk.

describe('safeFileName', () => {
  it('never names a folder, a parent or nothing: those get the fallback', () => {
    for (const name of ['', '.', '..', '...', '   ', ' . ', '\u202e', '\u0000']) {
      expect(safeFileName(name, 'download')).toBe('download');
    }
  });

  it('keeps no separator, so a name cannot leave its folder', () => {
    expect(safeFileName('../../../important.txt')).toBe('__.._.._important.txt');
    expect(safeFileName('..\\..\\boot.ini')).toBe('__.._boot.ini');
    expect(safeFileName('/etc/passwd')).toBe('_etc_passwd');
    for (const name of ['a/b', 'a\\b', '../x', 'C:\\x', 'x/..']) {
      const safe = safeFileName(name);
      expect(path.basename(safe)).toBe(safe);
      expect(safe).not.toMatch(/[\\/]/);
      expect(['.', '..']).not.toContain(safe);
    }
  });

  it('drops control and bidi characters, so the name on disk reads as it is', () => {
    expect(safeFileName('Rechnung\u202efdp.exe')).toBe('Rechnungfdp.exe');
    expect(
      safeFileName('a\u200eb\u200fc\u202ad\u202be\u202cf\u202dg\u2066h\u2067i\u2068j\u2069k\u061cl.pdf'),
    ).toBe('abcdefghijkl.pdf');
    expect(safeFileName('line\nbreak\ttab\u0007.pdf')).toBe('line break tab.pdf');
    // A terminal escape sequence goes whole (the same function as the CLI's output).
    expect(safeFileName('c1\u009b31m.pdf')).toBe('c1.pdf');
  });

  it('replaces what Windows refuses, and trims the trailing dots and spaces Windows would drop', () => {
    expect(safeFileName('a<b>c:d"e|f?g*h.pdf')).toBe('a_b_c_d_e_f_g_h.pdf');
    expect(safeFileName('Angebot.pdf.exe. . ')).toBe('Angebot.pdf.exe');
    expect(safeFileName('.bashrc')).toBe('_bashrc');
  });

  it('never uses a name Windows reserves for a device, with or without extension', () => {
    for (const device of ['CON', 'prn', 'Aux', 'NUL', 'COM1', 'com9', 'LPT1', 'lpt9', 'CONIN$', 'COM¹']) {
      expect(safeFileName(device)).toBe(`_${device}`);
      expect(safeFileName(`${device}.pdf`)).toBe(`_${device}.pdf`);
      expect(safeFileName(`${device}.tar.gz`)).toBe(`_${device}.tar.gz`);
    }
    expect(safeFileName('CON .txt')).toBe('_CON .txt');
    expect(safeFileName('CONSOLE.pdf')).toBe('CONSOLE.pdf');
    expect(safeFileName('COM10.pdf')).toBe('COM10.pdf');
  });

  it('caps the length in bytes, keeping the extension', () => {
    const long = `${'ä'.repeat(300)}.pdf`;
    const safe = safeFileName(long);
    expect(Buffer.byteLength(safe)).toBeLessThanOrEqual(MAX_FILE_NAME_BYTES);
    expect(safe.endsWith('.pdf')).toBe(true);
    expect(safe.startsWith('ää')).toBe(true);
    expect(safeFileName(`${'x'.repeat(250)}.${'y'.repeat(40)}`).length).toBeLessThanOrEqual(
      MAX_FILE_NAME_BYTES,
    );
  });

  it('leaves an ordinary name as it is', () => {
    expect(safeFileName('Aufmaß Küche (2).pdf')).toBe('Aufmaß Küche (2).pdf');
  });

  it('makes names every file system here accepts', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'plandesk-safe-names-'));
    try {
      const names = ['..', '../../x', 'a\u202eb.exe', `${'é'.repeat(400)}.pdf`, 'CON', 'q?.pdf', '\u0000'];
      for (const [i, name] of names.entries()) {
        const file = path.join(dir, safeFileName(name, `empty-${i}`));
        expect(path.dirname(file)).toBe(dir);
        await fs.writeFile(file, 'x', { flag: 'wx' });
      }
      expect(await fs.readdir(dir)).toHaveLength(names.length);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});

describe('fileExtension and displayFileName', () => {
  it('the type is the real extension on disk, never what the name pretends', () => {
    expect(fileExtension('Angebot.pdf.exe')).toBe('exe');
    expect(fileExtension('Rechnung\u202efdp.exe')).toBe('exe');
    expect(fileExtension('plan.desktop')).toBe('desktop');
    expect(fileExtension('run.BAT. ')).toBe('bat');
    expect(fileExtension('.pdf')).toBe('');
    expect(fileExtension('README')).toBe('');
  });

  it('shows a name as the disk will: without hidden characters', () => {
    expect(displayFileName('Rechnung\u202efdp.exe')).toBe('Rechnungfdp.exe');
    expect(displayFileName(' Plan\u0000 A.pdf ')).toBe('Plan A.pdf');
  });
});

describe('service text kept in settings', () => {
  it('is capped and loses hidden characters', () => {
    expect(cappedServiceText('x'.repeat(10_000_000), 200)).toHaveLength(200);
    expect(cappedServiceText('x'.repeat(300), 200).endsWith('…')).toBe(true);
    expect(cappedServiceText('  Büro\u202e Nord\u0000 ', 200)).toBe('Büro Nord');
    expect(withoutHiddenCharacters('a\r\nb')).toBe('a b');
  });
});

describe('the mark of the web (Windows Zone.Identifier)', () => {
  it('says Internet zone and where the file came from, without the link’s signature', () => {
    expect(zoneIdentifierText('https://storage.example.com/bucket/a%20b.pdf?X-Signature=secret#x')).toBe(
      '[ZoneTransfer]\r\nZoneId=3\r\nHostUrl=https://storage.example.com/bucket/a%20b.pdf\r\n',
    );
    expect(zoneIdentifierText('https://user:pw@storage.example.com/x')).toBe(
      '[ZoneTransfer]\r\nZoneId=3\r\nHostUrl=https://storage.example.com/x\r\n',
    );
    expect(zoneIdentifierText(null)).toBe('[ZoneTransfer]\r\nZoneId=3\r\n');
    expect(zoneIdentifierText('javascript:alert(1)')).toBe('[ZoneTransfer]\r\nZoneId=3\r\n');
  });

  it('is written as the <file>:Zone.Identifier stream on Windows only', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'plandesk-zone-'));
    try {
      const file = path.join(dir, 'a.pdf');
      await fs.writeFile(file, 'x');
      expect(await markAsFromInternet(file, 'https://s.example/a.pdf', 'linux')).toBe(false);
      expect(await fs.readdir(dir)).toEqual(['a.pdf']);
      // Off Windows, the same call with the platform said to be Windows shows what is written where:
      // NTFS stores `<file>:Zone.Identifier` as the file's stream (here it lands beside it).
      expect(await markAsFromInternet(file, 'https://s.example/a.pdf', 'win32')).toBe(true);
      expect(await fs.readFile(`${file}:Zone.Identifier`, 'utf8')).toBe(
        zoneIdentifierText('https://s.example/a.pdf'),
      );
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
