import { silentLogger, stderrLogger } from '../log/logger';
import { parseCliArgs } from './args';
import { estimateCommand } from './commands/estimate';
import { exportCommand } from './commands/export';
import { deleteFileCommand, downloadCommand, filesCommand, uploadCommand } from './commands/files';
import { roomsCommand } from './commands/plan-rooms';
import { estimatesCommand } from './commands/estimates';
import { planCommand } from './commands/plan';
import { projectCommand, projectsCommand } from './commands/projects';
import { simulatorCommand } from './commands/simulator';
import { workspaceCommand } from './commands/workspace';
import { connect } from './connection';
import { cliText, type CliText } from './i18n';
import { toErrorValue, ServiceError } from '../errors/service-error';
import { terminalSafe } from './terminal-text';

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
  export PROJECT_ID [ESTIMATE_ID] --format xlsx|pdf --out FILE [--client-copy]
                                             an estimate (or all, xlsx) as a client-ready file
  rooms PLAN_ID --format xlsx|csv --out FILE the plan's rooms table as a spreadsheet
  files PROJECT_ID                           a project's files
  upload PROJECT_ID FILE [--name NAME]       upload a file (pdf, docx, xlsx, csv, jpg, png, … usdz)
  download PROJECT_ID FILE_ID --out PATH     download a file
  delete-file PROJECT_ID FILE_ID             delete a file (permanent)

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
    const run = COMMANDS[command];
    if (!run) throw new ServiceError('config', `Unknown command "${command}". See plandesk --help.`);
    const logger = flags.verbose ? stderrLogger('info') : silentLogger;
    const { client, simulator, language } = await connect(flags, io.env, logger);
    try {
      // Messages quote the service's names: nothing it sent reaches the terminal as a control sequence.
      io.stdout(terminalSafe(await run(client, flags, positionals, cliText(language))) + '\n');
    } finally {
      await simulator?.close();
    }
    return 0;
  } catch (err) {
    const e = toErrorValue(err);
    if (!(err instanceof ServiceError) && process.env.PLANDESK_DEBUG)
      io.stderr(String((err as Error)?.stack) + '\n');
    io.stderr(`error(${e.kind}): ${terminalSafe(e.message, { oneLine: true })}\n`);
    return e.kind === 'config' ? 2 : 1;
  }
}

type Command = (
  client: Parameters<typeof workspaceCommand>[0],
  flags: Parameters<typeof workspaceCommand>[1],
  positionals: string[],
  text: CliText,
) => Promise<string>;

const COMMANDS: Record<string, Command> = {
  workspace: (c, f, _p, x) => workspaceCommand(c, f, x),
  projects: (c, f, _p, x) => projectsCommand(c, f, x),
  project: projectCommand,
  plan: planCommand,
  estimates: estimatesCommand,
  estimate: estimateCommand,
  export: exportCommand,
  rooms: roomsCommand,
  files: filesCommand,
  upload: (c, f, p, x) => uploadCommand(c, f, p, undefined, x),
  download: (c, f, p, x) => downloadCommand(c, f, p, undefined, x),
  'delete-file': deleteFileCommand,
};
