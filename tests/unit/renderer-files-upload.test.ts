import { beforeAll, describe, expect, it } from 'vitest';
import type { UiLanguage } from '../../src-shared/i18n/languages';
import type { FileRow } from '../../src-shared/files/types';
import { SERVICE_UPLOAD_TYPES } from '../../simulator/handlers/files';

/* Loaded at run time for the reason given in renderer-i18n.test.ts (tsconfig.node.json does not include src-renderer). */
interface SizeModule {
  formatFileSize: (bytes: number | null | undefined, lang: UiLanguage) => string;
  uploadProgressParts: (
    done: number,
    total: number | null,
    lang: UiLanguage,
  ) => { done: string; total: string | null; percent: string | null; fraction: number | null };
}
interface TypesModule {
  ALLOWED_UPLOAD_EXTENSIONS: readonly string[];
  extensionOf: (name: string) => string;
  isAllowedUpload: (name: string) => boolean;
  checkUploads: <T extends { name: string }>(files: readonly T[]) => { allowed: T[]; refused: T[] };
  allowedTypesText: () => string;
}
interface SortModule {
  sortFilesByDate: (rows: readonly FileRow[]) => FileRow[];
}
interface WebhookModule {
  checkWebhookUrl: (text: string) => string | null;
  WEBHOOK_FIELD_MAP: Record<string, string>;
}

const RENDERER = '../../src-renderer/src';
async function load<T>(path: string): Promise<T> {
  const specifier = `${RENDERER}/${path}`;
  return (await import(/* @vite-ignore */ specifier)) as T;
}

let size: SizeModule;
let types: TypesModule;
let sort: SortModule;
let webhook: WebhookModule;
beforeAll(async () => {
  [size, types, sort, webhook] = await Promise.all([
    load<SizeModule>('features/files/file-size.ts'),
    load<TypesModule>('features/files/file-types.ts'),
    load<SortModule>('features/files/sort.ts'),
    load<WebhookModule>('features/workspaces/webhook.ts'),
  ]);
});

/** Intl puts (narrow) no-break spaces between number and unit; compare with plain spaces. */
const norm = (s: string | null) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ');

describe('file sizes in the UI language', () => {
  it('uses each language’s decimal sign and unit symbols', () => {
    expect(norm(size.formatFileSize(3_200_000, 'en-US'))).toBe('3.2 MB');
    expect(norm(size.formatFileSize(3_200_000, 'de-DE'))).toBe('3,2 MB');
    expect(norm(size.formatFileSize(3_200_000, 'fr-FR'))).toBe('3,2 Mo');
    expect(norm(size.formatFileSize(3_200_000, 'pt-PT'))).toBe('3,2 MB');
    expect(norm(size.formatFileSize(3_200_000, 'es-ES'))).toBe('3,2 MB');
  });

  it('picks the unit by size: bytes, kB, MB, GB; one decimal below 10', () => {
    expect(norm(size.formatFileSize(0, 'en-US'))).toBe('0 bytes');
    expect(norm(size.formatFileSize(1, 'en-US'))).toBe('1 byte');
    expect(norm(size.formatFileSize(999, 'en-US'))).toBe('999 bytes');
    expect(norm(size.formatFileSize(1000, 'en-US'))).toBe('1 kB');
    expect(norm(size.formatFileSize(1536, 'en-US'))).toBe('1.5 kB');
    expect(norm(size.formatFileSize(48_400, 'en-US'))).toBe('48 kB');
    expect(norm(size.formatFileSize(50_000_000, 'en-US'))).toBe('50 MB');
    expect(norm(size.formatFileSize(2_500_000_000, 'de-DE'))).toBe('2,5 GB');
    expect(norm(size.formatFileSize(512, 'fr-FR'))).toBe('512 octets');
  });

  it('moves up a unit instead of showing 1,000 of the smaller one', () => {
    expect(norm(size.formatFileSize(999_600, 'en-US'))).toBe('1 MB');
    expect(norm(size.formatFileSize(999_400, 'en-US'))).toBe('999 kB');
  });

  it('gives an empty string for a missing or unreadable size', () => {
    expect(size.formatFileSize(null, 'en-US')).toBe('');
    expect(size.formatFileSize(undefined, 'en-US')).toBe('');
    expect(size.formatFileSize(Number.NaN, 'en-US')).toBe('');
    expect(size.formatFileSize(-1, 'en-US')).toBe('');
  });

  it('describes upload progress as bytes of bytes and a percentage, rounded down', () => {
    const en = size.uploadProgressParts(3_200_000, 50_000_000, 'en-US');
    expect(norm(en.done)).toBe('3.2 MB');
    expect(norm(en.total)).toBe('50 MB');
    expect(en.percent).toBe('6%');
    expect(en.fraction).toBeCloseTo(0.064);
    expect(norm(size.uploadProgressParts(3_200_000, 50_000_000, 'de-DE').percent)).toBe('6 %');
    // 99.9 % is not yet 100 %.
    expect(size.uploadProgressParts(999, 1000, 'en-US').percent).toBe('99%');
    expect(size.uploadProgressParts(1000, 1000, 'en-US').percent).toBe('100%');
  });

  it('shows only the bytes sent while the total is unknown', () => {
    const parts = size.uploadProgressParts(2048, null, 'en-US');
    expect(norm(parts.done)).toBe('2 kB');
    expect(parts.total).toBeNull();
    expect(parts.percent).toBeNull();
    expect(parts.fraction).toBeNull();
  });
});

describe('upload types', () => {
  it('allows exactly the service’s types', () => {
    expect([...types.ALLOWED_UPLOAD_EXTENSIONS].sort()).toEqual([...SERVICE_UPLOAD_TYPES].sort());
    expect(types.allowedTypesText()).toMatch(/^pdf, doc, docx, .*usdz$/);
  });

  it('reads the extension case-insensitively, ignoring folders and hidden-file dots', () => {
    expect(types.extensionOf('Aufmaß.PDF')).toBe('pdf');
    expect(types.extensionOf('/home/u/plan.v2.dwg')).toBe('dwg');
    expect(types.extensionOf('C:\\Users\\u\\foto.JPeG')).toBe('jpeg');
    expect(types.extensionOf('.pdf')).toBe('');
    expect(types.extensionOf('README')).toBe('');
    expect(types.extensionOf('trailing.')).toBe('');
    expect(types.extensionOf('/some.dir/README')).toBe('');
  });

  it('splits dropped files into allowed and refused', () => {
    const dropped = [
      { name: 'Aufmaß.pdf', path: '/d/Aufmaß.pdf' },
      { name: 'setup.exe', path: '/d/setup.exe' },
      { name: 'Foto.JPG', path: '/d/Foto.JPG' },
      { name: 'model.usdz', path: '/d/model.usdz' },
      { name: 'archive.zip', path: '/d/archive.zip' },
      { name: 'folder', path: '/d/folder' },
    ];
    const { allowed, refused } = types.checkUploads(dropped);
    expect(allowed.map((f) => f.name)).toEqual(['Aufmaß.pdf', 'Foto.JPG', 'model.usdz']);
    expect(refused.map((f) => f.name)).toEqual(['setup.exe', 'archive.zip', 'folder']);
    expect(types.isAllowedUpload('x.SVG')).toBe(true);
    expect(types.isAllowedUpload('x.svgz')).toBe(false);
  });
});

describe('files list order', () => {
  const file = (id: string, name: string, created: string | null): FileRow => ({
    id,
    name,
    type: 'pdf',
    openable: true,
    contentType: 'application/pdf',
    size: 1,
    created,
    origin: null,
  });

  it('shows the newest first, undated files last, equal dates by name', () => {
    const rows = [
      file('1', 'b.pdf', '2025-01-01T10:00:00Z'),
      file('2', 'x.pdf', null),
      file('3', 'c.pdf', '2025-03-01 08:00:00'),
      file('4', 'a.pdf', '2025-01-01T10:00:00Z'),
    ];
    expect(sort.sortFilesByDate(rows).map((r) => r.id)).toEqual(['3', '4', '1', '2']);
    expect(rows.map((r) => r.id)).toEqual(['1', '2', '3', '4']);
  });
});

describe('webhook address', () => {
  it('accepts full https addresses only', () => {
    expect(webhook.checkWebhookUrl('https://hooks.example.com/plandesk')).toBeNull();
    expect(webhook.checkWebhookUrl('  https://hooks.example.com/x?y=1  ')).toBeNull();
    expect(webhook.checkWebhookUrl('')).toBe('settings.errWebhookEmpty');
    expect(webhook.checkWebhookUrl('http://hooks.example.com/')).toBe('settings.errWebhookHttps');
    expect(webhook.checkWebhookUrl('hooks.example.com')).toBe('settings.errWebhookHttps');
    expect(webhook.checkWebhookUrl('ftp://hooks.example.com')).toBe('settings.errWebhookHttps');
    expect(webhook.checkWebhookUrl('https://user:pw@hooks.example.com/')).toBe(
      'settings.errWebhookCredentials',
    );
    expect(webhook.checkWebhookUrl(`https://example.com/${'a'.repeat(2000)}`)).toBe(
      'settings.errWebhookLong',
    );
  });

  it('maps the service’s field name to the form’s field', () => {
    expect(webhook.WEBHOOK_FIELD_MAP.webhook_url).toBe('webhookUrl');
  });
});
