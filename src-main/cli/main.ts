import { silentLogger, stderrLogger, type Logger } from '../log/logger';
import type { ApiClient } from '../api/client';
import { documentFormat, parseCliArgs, type CliFlags } from './args';
import { appDataDir } from './data-dir';
import type { ExportContext } from './commands/export';
import type { CliVersions } from './versions-cache';
import type { CliOutbox } from './cli-outbox';
import type { CliText } from './i18n';
import { toErrorValue, ServiceError } from '../errors/service-error';
import {
  jsonWithHiddenCharactersEscaped,
  withoutHiddenCharacters,
} from '../../src-shared/text/hidden-characters';

// Only what every invocation needs is imported here: `plandesk --help` loads this file and nothing
// else. Each command's code (the service client, the cache, the exporters, the simulator) is
// imported when that command runs (a chunk of its own in the bundle, scripts/build-cli.mjs).

export const HELP = `plandesk — the Floor-Plan Project Service from the command line

Usage: plandesk <command> [arguments] [options]

Commands:
  simulator [--port N] [--data demo|large]   start the built-in service simulator
  workspace                                  show the workspace (connectivity check)
  projects [--all] [--page N] [--page-size N] [--name S] [--external-ref S]
  project PROJECT_ID                         one project, with its plan ID
  plan PLAN_ID                               plan statistics, floors
  estimates PROJECT_ID [--all]               a project's estimates
  estimate PROJECT_ID ESTIMATE_ID            one estimate: item tree, totals (service vs computed), checks
  export PROJECT_ID [ESTIMATE_ID] --format xlsx|pdf --out FILE [--preset quote|internal|NAME]
        [--columns a,b,c] [--lang xx-XX] [--paper A4|Letter] [--no-statements] [--rooms-costs]
        [--large-pdf]
                                             an estimate (or all, xlsx) as a client quote (the default),
                                             the internal worksheet, or a preset saved in the app; in
                                             --lang, else the language the app keeps for the
                                             workspace's documents, else the estimate's company's
                                             country's; on that language's paper unless --paper;
                                             --rooms-costs: a sheet of each estimate's costs per room
                                             (internal worksheet, xlsx, only); a PDF of over 200 pages
                                             only with --large-pdf
  diff PROJECT_ID ESTIMATE_A [ESTIMATE_B] [--version N | --since DATE]
                                             what changed: ESTIMATE_A's kept version N, its version at
                                             DATE, or its previous one (without ESTIMATE_B) against the
                                             service's current one; --json: added, removed, moved,
                                             changed, totals_delta (money as 12-digit decimals)
  export-changes PROJECT_ID ESTIMATE_A ESTIMATE_B --format pdf|xlsx --out FILE [--preset …]
        [--columns a,b,c] [--lang xx-XX] [--paper A4|Letter] [--version N | --since DATE]
                                             the change order from A to B as a client document
  rooms PLAN_ID --format xlsx|csv --out FILE [--separator ,|;]
                                             the plan's rooms table as a spreadsheet; a CSV in the
                                             document language's format (de, fr, es, pt: ; and a
                                             decimal comma; en-US: , and a decimal point)
  rooms-costs PROJECT_ID ESTIMATE_ID [--out FILE.xlsx]
                                             the estimate on the project's plan: per room its measures,
                                             positions summed by unit and net; the positions not on
                                             the plan and why; the rooms not priced; --json: money as
                                             12-digit decimals (offline from the app's cache); --out:
                                             the plan's rooms workbook with the costs per room
  files PROJECT_ID                           a project's files
  upload PROJECT_ID FILE [--name NAME]       upload a file (pdf, docx, xlsx, csv, jpg, png, … usdz)
  download PROJECT_ID FILE_ID --out PATH     download a file
  delete-file PROJECT_ID FILE_ID             delete a file (permanent)
  teams                                      the workspace's teams and their members
  forms                                      the workspace's forms
  form FORM_ID                               one form: its sections and questions (--json: the file format)
  form-create FILE.json                      a new form from a file (checked before anything is sent)
  form-update FORM_ID FILE.json              send what changed in a file "form FORM_ID --json" wrote
  form-delete FORM_ID --yes                  delete a form (permanent; refused without --yes)
  webhook-listen [--port N] [--reply-status 0|1|2|14|18] [--reply-message TEXT] [--show-key]
                                             receive Project Updated calls on 127.0.0.1: one JSON
                                             line {"url": …} when ready, then one per call
  webhook-test URL [--project PROJECT_ID] [--real-key]
                                             post a Project Updated call as the service would (https,
                                             or http on this computer) and show the reply's status;
                                             sample values and a placeholder key unless --project
                                             and --real-key

Connection (flags win over environment variables):
  --base-url URL      PLANDESK_BASE_URL    e.g. https://service.example.com/api/v2
  --customer ID       PLANDESK_CUSTOMER
  --key KEY           PLANDESK_KEY
  --lang xx-XX        PLANDESK_LANG        en-US, de-DE, fr-FR, pt-PT, es-ES
  --acting-user EMAIL PLANDESK_ACTING_USER
  --demo              use the built-in demo workspace instead

Output: tables by default; --json prints one JSON document on stdout.
Errors: exit code 1 (2 for usage errors), one line on stderr: error(<kind>): <message>
`;

export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  env: NodeJS.ProcessEnv;
}

/**
 * What the CLI prints quotes the service (names, messages) and webhook callers: nothing they sent
 * reaches the terminal as an escape sequence, a control character or a bidirectional override. JSON
 * keeps the data and writes those characters as escapes; text drops them.
 */
function forTerminal(text: string, json: boolean): string {
  return json ? jsonWithHiddenCharactersEscaped(text) : withoutHiddenCharacters(text, { keepLines: true });
}

/** Runs one CLI invocation; returns the exit code. Never throws, never prints a stack trace. */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  try {
    const { command, positionals, flags } = parseCliArgs(argv);
    if (flags.help || !command || command === 'help') {
      io.stdout(HELP);
      return command || flags.help ? 0 : 2;
    }
    if (command === 'simulator') {
      const { simulatorCommand } = await import('./commands/simulator');
      await simulatorCommand(flags, (line) => io.stdout(line + '\n'));
      return 0;
    }
    const logger = flags.verbose ? stderrLogger('info') : silentLogger;
    if (command === 'webhook-listen') {
      const { webhookListenCommand } = await import('./commands/webhook');
      // What arrives is printed as JSON lines: a caller's fields reach the terminal escaped.
      await webhookListenCommand(flags, (line) => io.stdout(forTerminal(line, true) + '\n'));
      return 0;
    }
    if (command === 'webhook-test') {
      const [{ webhookTestCommand }, { cliLanguage, connect }, { cliText }] = await Promise.all([
        import('./commands/webhook'),
        import('./connection'),
        import('./i18n'),
      ]);
      // A connection only for --project or --real-key: a receiver can be tested without one.
      const out = await webhookTestCommand(
        flags,
        positionals,
        () => connect(flags, io.env, logger),
        cliText(cliLanguage(flags, io.env)),
      );
      // The receiver's reply is quoted: it reaches the terminal without hidden characters.
      io.stdout(forTerminal(out.stdout, Boolean(flags.json)) + '\n');
      if (out.stderr) io.stderr(forTerminal(out.stderr, false));
      return out.code;
    }
    const run = Object.hasOwn(COMMANDS, command) ? COMMANDS[command] : undefined;
    if (!run) throw new ServiceError('config', `Unknown command "${command}". See plandesk --help.`);
    return await runConnected(run, command, positionals, flags, io, logger);
  } catch (err) {
    const e = toErrorValue(err);
    if (!(err instanceof ServiceError) && process.env.PLANDESK_DEBUG)
      io.stderr(String((err as Error)?.stack) + '\n');
    io.stderr(`error(${e.kind}): ${withoutHiddenCharacters(e.message)}\n`);
    return e.kind === 'config' ? 2 : 1;
  }
}

/** A command of the table: connected to the service (or the demo), its output printed. */
async function runConnected(
  run: Command,
  command: string,
  positionals: string[],
  flags: CliFlags,
  io: CliIo,
  logger: Logger,
): Promise<number> {
  const dataDir = appDataDir(io.env);
  // A PDF's thread first: it loads the writers and fonts while the rest below happens.
  const exportThread =
    command === 'export' && documentFormat(flags) === 'pdf'
      ? (await import('./export-thread-early')).warmExportThread(dataDir)
      : null;
  let simulator: { close(): Promise<void> } | undefined;
  let versions: CliVersions | null = null;
  let outbox: CliOutbox | null = null;
  try {
    const [{ connect, givenLanguage }, { cliText }] = await Promise.all([
      import('./connection'),
      import('./i18n'),
    ]);
    const connected = await connect(flags, io.env, logger);
    const { client, language, workspace } = connected;
    simulator = connected.simulator;
    const exporting = ['export', 'export-changes', 'rooms', 'rooms-costs'].includes(command);
    const saved = exporting ? await import('./saved-presets') : null;
    const context: CommandContext = {
      ...(exportThread ? { workers: exportThread } : {}),
      dataDir,
      warn: (line) => io.stderr(forTerminal(line, false) + '\n'),
      savedPresets: saved ? await saved.savedPresets(io.env, workspace) : [],
      chosenLanguage: givenLanguage(flags, io.env),
      documentsLanguage: saved ? await saved.savedDocumentsLanguage(io.env, workspace) : null,
      versions: async () =>
        (versions ??= await (
          await import('./versions-cache')
        ).openCliVersions(client, workspace, io.env, logger)),
      // Loaded only by `upload`: the other commands never load the native module.
      outbox: async () =>
        (outbox ??= await (await import('./cli-outbox')).openCliOutbox(client, workspace, io.env, logger)),
    };
    // Messages quote the service's names: nothing it sent reaches the terminal as a control sequence.
    const out = await run(client, flags, positionals, cliText(language), context);
    io.stdout(forTerminal(out, Boolean(flags.json)) + '\n');
  } finally {
    await (versions as CliVersions | null)?.close();
    await (outbox as CliOutbox | null)?.close();
    await simulator?.close();
    await exportThread?.close();
  }
  return 0;
}

type Command = (
  client: ApiClient,
  flags: CliFlags,
  positionals: string[],
  text: CliText,
  context: CommandContext,
) => Promise<string>;

type CommandContext = ExportContext & {
  /** The workspace's estimate versions (the app's cache), opened on first use. */
  versions: () => Promise<CliVersions>;
  /** The app's upload outbox over the data folder, opened on first use. */
  outbox: () => Promise<CliOutbox>;
};

// One entry per command, each importing its own module when it runs (a separate chunk when bundled).
const COMMANDS: Record<string, Command> = {
  workspace: async (c, f, _p, x) => (await import('./commands/workspace')).workspaceCommand(c, f, x),
  projects: async (c, f, _p, x) => (await import('./commands/projects')).projectsCommand(c, f, x),
  project: async (c, f, p, x) => (await import('./commands/projects')).projectCommand(c, f, p, x),
  plan: async (c, f, p, x) => (await import('./commands/plan')).planCommand(c, f, p, x),
  estimates: async (c, f, p, x) => (await import('./commands/estimates')).estimatesCommand(c, f, p, x),
  estimate: async (c, f, p, x) => (await import('./commands/estimate')).estimateCommand(c, f, p, x),
  export: async (c, f, p, x, ctx) => (await import('./commands/export')).exportCommand(c, f, p, x, ctx),
  diff: async (c, f, p, x, ctx) =>
    (await import('./commands/diff')).diffCommand(c, f, p, x, { versions: await ctx.versions() }),
  'export-changes': async (c, f, p, x, ctx) =>
    (await import('./commands/diff')).exportChangesCommand(c, f, p, x, {
      ...ctx,
      versions: await ctx.versions(),
    }),
  rooms: async (c, f, p, x, ctx) => (await import('./commands/plan-rooms')).roomsCommand(c, f, p, x, ctx),
  'rooms-costs': async (c, f, p, x, ctx) =>
    (await import('./commands/rooms-costs')).roomsCostsCommand(c, f, p, x, {
      ...ctx,
      versions: await ctx.versions(),
    }),
  files: async (c, f, p, x) => (await import('./commands/files')).filesCommand(c, f, p, x),
  upload: async (c, f, p, x, ctx) =>
    (await import('./commands/upload')).uploadCommand(c, f, p, ctx, undefined, x),
  download: async (c, f, p, x) => (await import('./commands/files')).downloadCommand(c, f, p, undefined, x),
  'delete-file': async (c, f, p, x) => (await import('./commands/files')).deleteFileCommand(c, f, p, x),
  teams: async (c, f, _p, x) => (await import('./commands/teams')).teamsCommand(c, f, x),
  forms: async (c, f, _p, x) => (await import('./commands/forms')).formsCommand(c, f, x),
  form: async (c, f, p, x) => (await import('./commands/forms')).formCommand(c, f, p, x),
  'form-create': async (c, f, p, x) => (await import('./commands/forms')).formCreateCommand(c, f, p, x),
  'form-update': async (c, f, p, x) => (await import('./commands/forms')).formUpdateCommand(c, f, p, x),
  'form-delete': async (c, f, p, x) => (await import('./commands/forms')).formDeleteCommand(c, f, p, x),
};
