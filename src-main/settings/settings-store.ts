import { promises as fs } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { Logger } from '../log/logger';
import { silentLogger } from '../log/logger';
import { writeFileAtomic } from './atomic-file';
import { ServiceError } from '../errors/service-error';
import { asideName } from '../local-files/data-folder';
import { fileSystemReason } from '../local-files/write-atomically';
import { LANGUAGES } from '../../src-shared/i18n/languages';
import { THEMES } from '../../src-shared/app/types';

/** Enough for dozens of opened projects with big estimates, small beside a laptop's disk. */
export const DEFAULT_OFFLINE_BUDGET_MB = 500;

/** What settings.json holds. Never a key: those live in the OS keychain. */
const workspaceRecord = z.object({
  id: z.string().min(1),
  name: z.string(),
  customer: z.string().min(1),
  baseUrl: z.string().min(1),
  language: z.enum(LANGUAGES),
  actingUser: z.string().nullable(),
  addedAt: z.string(),
});
export type WorkspaceRecord = z.infer<typeof workspaceRecord>;

const windowState = z.object({
  x: z.number().int().optional(),
  y: z.number().int().optional(),
  width: z.number().int().min(400).max(20_000),
  height: z.number().int().min(300).max(20_000),
  maximized: z.boolean(),
});
export type WindowState = z.infer<typeof windowState>;

/** A saved export preset (see src-shared/exports/presets.ts); checked again whenever it is used. */
const exportPreset = z.object({
  id: z.string().min(1).max(100),
  name: z.string().max(200),
  kind: z.enum(['client', 'internal']),
  columns: z.array(z.string().max(60)).max(100),
  language: z.enum(LANGUAGES).nullable(),
  paper: z.enum(['auto', 'A4', 'Letter']),
  statements: z.boolean(),
});

const settingsSchema = z.object({
  version: z.literal(1),
  language: z.enum(LANGUAGES),
  workspaces: z.array(workspaceRecord),
  /** 'demo' or a workspace id */
  activeWorkspaceId: z.string(),
  window: windowState.nullable(),
  /** Saved export presets, per workspace id (files written before presets existed have none). */
  exportPresets: z.record(z.string(), z.array(exportPreset).max(100)).default({}),
  /** The preset last used for an export, per workspace id. */
  lastExportPreset: z.record(z.string(), z.string().max(100)).default({}),
  /**
   * The language documents are written in, per workspace id, as last chosen in the export dialog
   * (none yet: the company's country of the estimate, else the UI language).
   */
  documentsLanguage: z.record(z.string(), z.enum(LANGUAGES)).default({}),
  /** Check for updates at start and every few hours (files written before this setting: on). */
  autoUpdate: z.boolean().default(true),
  /** Megabytes of offline data that is not pinned kept per workspace; the least recently used goes. */
  offlineBudgetMb: z.number().int().min(50).max(100_000).default(DEFAULT_OFFLINE_BUDGET_MB),
  /** Light, dark, or following the system (files written before this setting: the system's). */
  theme: z.enum(THEMES).default('system'),
});
export type Settings = z.infer<typeof settingsSchema>;

export const DEMO_WORKSPACE_ID = 'demo';

export function defaultSettings(language: Settings['language'] = 'en-US'): Settings {
  return {
    version: 1,
    language,
    workspaces: [],
    activeWorkspaceId: DEMO_WORKSPACE_ID,
    window: null,
    exportPresets: {},
    lastExportPreset: {},
    documentsLanguage: {},
    autoUpdate: true,
    offlineBudgetMb: DEFAULT_OFFLINE_BUDGET_MB,
    theme: 'system',
  };
}

/**
 * settings.json in the user-data folder. Reads tolerate a damaged file: it is moved aside (never
 * deleted — the user may want it back) and PlanDesk starts with defaults, saying so in the log and
 * through `recovered`. Writes are atomic and serialised.
 */
export class SettingsStore {
  private current: Settings | null = null;
  /** The first read, shared: two reads at once must not both move a damaged file aside. */
  private reading: Promise<Settings> | null = null;
  private queue: Promise<void> = Promise.resolve();
  /** Set when the file on disk could not be read: where it was moved (null: it could not be moved). */
  recovered: { movedTo: string | null } | null = null;

  constructor(
    readonly file: string,
    private readonly logger: Logger = silentLogger,
    private readonly initialLanguage: Settings['language'] = 'en-US',
  ) {}

  /** The settings once read (null before): for a value needed where waiting is not possible. */
  loaded(): Settings | null {
    return this.current;
  }

  async load(): Promise<Settings> {
    if (this.current) return this.current;
    this.reading ??= this.read().finally(() => (this.reading = null));
    return this.reading;
  }

  private async read(): Promise<Settings> {
    let text: string | null = null;
    let unreadable = false;
    try {
      text = await fs.readFile(this.file, 'utf8');
    } catch (err) {
      // A folder (or anything else that cannot be read) where the file belongs: moved aside below.
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') unreadable = true;
    }
    if (text === null && !unreadable) {
      this.current = defaultSettings(this.initialLanguage);
      return this.current;
    }
    let parsed: Settings | null = null;
    try {
      const r = settingsSchema.safeParse(JSON.parse(text ?? ''));
      if (r.success) parsed = r.data;
    } catch {
      parsed = null;
    }
    if (!parsed) {
      const movedTo = asideName(this.file);
      const moved = await fs.rename(this.file, movedTo).then(
        () => true,
        () => false,
      );
      this.recovered = moved ? { movedTo } : { movedTo: null };
      this.logger.log(
        'warn',
        moved
          ? `settings file was unreadable; moved to ${path.basename(movedTo)} and started fresh`
          : 'settings file was unreadable and could not be moved aside; started fresh (changes may not be saved)',
      );
      parsed = defaultSettings(this.initialLanguage);
    }
    this.current = parsed;
    return parsed;
  }

  /** Applies a change and writes the result; changes are applied one after another. */
  async update(change: (s: Settings) => Settings): Promise<Settings> {
    const run = this.queue.then(async () => {
      const next = settingsSchema.parse(change(structuredClone(await this.load())));
      try {
        await writeFileAtomic(this.file, JSON.stringify(next, null, 2) + '\n');
      } catch (err) {
        this.logger.log('error', `could not save settings: ${(err as Error).message}`);
        throw new ServiceError(
          'config',
          `PlanDesk could not save its settings (${fileSystemReason(err)}). The change was not saved; free some space or check the folder ${path.dirname(this.file)}, then try again.`,
        );
      }
      this.current = next;
    });
    this.queue = run.catch(() => undefined);
    await run;
    return this.current!;
  }
}
