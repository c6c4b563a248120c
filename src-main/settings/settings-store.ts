import { promises as fs } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { Logger } from '../log/logger';
import { silentLogger } from '../log/logger';
import { writeFileAtomic } from './atomic-file';
import { LANGUAGES } from '../../src-shared/i18n/languages';

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

const settingsSchema = z.object({
  version: z.literal(1),
  language: z.enum(LANGUAGES),
  workspaces: z.array(workspaceRecord),
  /** 'demo' or a workspace id */
  activeWorkspaceId: z.string(),
  window: windowState.nullable(),
  /** Check for updates at start and every few hours (files written before this setting: on). */
  autoUpdate: z.boolean().default(true),
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
    autoUpdate: true,
  };
}

/**
 * settings.json in the user-data folder. Reads tolerate a damaged file: it is moved aside (never
 * deleted — the user may want it back) and PlanDesk starts with defaults, saying so in the log and
 * through `recovered`. Writes are atomic and serialised.
 */
export class SettingsStore {
  private current: Settings | null = null;
  private queue: Promise<void> = Promise.resolve();
  /** Set when the file on disk could not be read and was moved aside. */
  recovered: { movedTo: string } | null = null;

  constructor(
    readonly file: string,
    private readonly logger: Logger = silentLogger,
    private readonly initialLanguage: Settings['language'] = 'en-US',
  ) {}

  async load(): Promise<Settings> {
    if (this.current) return this.current;
    let text: string | null = null;
    try {
      text = await fs.readFile(this.file, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
    if (text === null) {
      this.current = defaultSettings(this.initialLanguage);
      return this.current;
    }
    let parsed: Settings | null = null;
    try {
      const r = settingsSchema.safeParse(JSON.parse(text));
      if (r.success) parsed = r.data;
    } catch {
      parsed = null;
    }
    if (!parsed) {
      const movedTo = `${this.file}.unreadable-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      await fs.rename(this.file, movedTo).catch(() => undefined);
      this.recovered = { movedTo };
      this.logger.log(
        'warn',
        `settings file was unreadable; moved to ${path.basename(movedTo)} and started fresh`,
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
      await writeFileAtomic(this.file, JSON.stringify(next, null, 2) + '\n');
      this.current = next;
    });
    this.queue = run.catch(() => undefined);
    await run;
    return this.current!;
  }
}
