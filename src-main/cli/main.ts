import { silentLogger, stderrLogger } from '../log/logger';
import { parseCliArgs } from './args';
import { estimateCommand } from './commands/estimate';
import { exportCommand, type ExportContext } from './commands/export';
import { savedDocumentsLanguage, savedPresets } from './saved-presets';
import { deleteFileCommand, downloadCommand, filesCommand } from './commands/files';
import { uploadCommand } from './commands/upload';
import type { CliOutbox } from './cli-outbox';
import { roomsCommand } from './commands/plan-rooms';
import { roomsCostsCommand } from './commands/rooms-costs';
import { estimatesCommand } from './commands/estimates';
import { diffCommand, exportChangesCommand } from './commands/diff';
import { openCliVersions, type CliVersions } from './versions-cache';
import {
  formCommand,
  formCreateCommand,
  formDeleteCommand,
  formsCommand,
  formUpdateCommand,
} from './commands/forms';
import { teamsCommand } from './commands/teams';
import { webhookListenCommand, webhookTestCommand } from './commands/webhook';
import { planCommand } from './commands/plan';
import { projectCommand, projectsCommand } from './commands/projects';
import { simulatorCommand } from './commands/simulator';
import { workspaceCommand } from './commands/workspace';
import { cliLanguage, connect, givenLanguage } from './connection';
import { cliText, type CliText } from './i18n';
import { toErrorValue, ServiceError } from '../errors/service-error';
import {
  jsonWithHiddenCharactersEscaped,
  withoutHiddenCharacters,
} from '../../src-shared/text/hidden-characters';

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
                                             an estimate (or all, xlsx) as a client quote (the default),
                                             the internal worksheet, or a preset saved in the app; in
                                             --lang, else the language the app keeps for the
                                             workspace's documents, else the estimate's company's
                                             country's; on that language's paper unless --paper;
                                             --rooms-costs: a sheet of each estimate's costs per room
                                             (internal worksheet, xlsx, only)
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
      await simulatorCommand(flags, (line) => io.stdout(line + '\n'));
      return 0;
    }
    const logger = flags.verbose ? stderrLogger('info') : silentLogger;
    if (command === 'webhook-listen') {
      // What arrives is printed as JSON lines: a caller's fields reach the terminal escaped.
      await webhookListenCommand(flags, (line) => io.stdout(forTerminal(line, true) + '\n'));
      return 0;
    }
    if (command === 'webhook-test') {
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
    const run = COMMANDS[command];
    if (!run) throw new ServiceError('config', `Unknown command "${command}". See plandesk --help.`);
    const { client, simulator, language, workspace } = await connect(flags, io.env, logger);
    let versions: CliVersions | null = null;
    let outbox: CliOutbox | null = null;
    try {
      const exporting = ['export', 'export-changes', 'rooms', 'rooms-costs'].includes(command);
      const context: CommandContext = {
        warn: (line) => io.stderr(forTerminal(line, false) + '\n'),
        savedPresets: exporting ? await savedPresets(io.env, workspace) : [],
        chosenLanguage: givenLanguage(flags, io.env),
        documentsLanguage: exporting ? await savedDocumentsLanguage(io.env, workspace) : null,
        versions: async () => (versions ??= await openCliVersions(client, workspace, io.env, logger)),
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
    }
    return 0;
  } catch (err) {
    const e = toErrorValue(err);
    if (!(err instanceof ServiceError) && process.env.PLANDESK_DEBUG)
      io.stderr(String((err as Error)?.stack) + '\n');
    io.stderr(`error(${e.kind}): ${withoutHiddenCharacters(e.message)}\n`);
    return e.kind === 'config' ? 2 : 1;
  }
}

type Command = (
  client: Parameters<typeof workspaceCommand>[0],
  flags: Parameters<typeof workspaceCommand>[1],
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

const COMMANDS: Record<string, Command> = {
  workspace: (c, f, _p, x) => workspaceCommand(c, f, x),
  projects: (c, f, _p, x) => projectsCommand(c, f, x),
  project: projectCommand,
  plan: planCommand,
  estimates: estimatesCommand,
  estimate: estimateCommand,
  export: (c, f, p, x, ctx) => exportCommand(c, f, p, x, ctx),
  diff: async (c, f, p, x, ctx) => diffCommand(c, f, p, x, { versions: await ctx.versions() }),
  'export-changes': async (c, f, p, x, ctx) =>
    exportChangesCommand(c, f, p, x, { ...ctx, versions: await ctx.versions() }),
  rooms: (c, f, p, x, ctx) => roomsCommand(c, f, p, x, ctx),
  'rooms-costs': async (c, f, p, x, ctx) =>
    roomsCostsCommand(c, f, p, x, { ...ctx, versions: await ctx.versions() }),
  files: filesCommand,
  upload: (c, f, p, x, ctx) => uploadCommand(c, f, p, ctx, undefined, x),
  download: (c, f, p, x) => downloadCommand(c, f, p, undefined, x),
  'delete-file': deleteFileCommand,
  teams: (c, f, _p, x) => teamsCommand(c, f, x),
  forms: (c, f, _p, x) => formsCommand(c, f, x),
  form: formCommand,
  'form-create': formCreateCommand,
  'form-update': formUpdateCommand,
  'form-delete': formDeleteCommand,
};
