/**
 * `upload PROJECT_ID FILE [--name NAME] [--json]`: through the app's upload outbox, as every upload
 * (cli-outbox.ts). The file is copied into the outbox (its checksum taken on the way), then sent at
 * once; Ctrl+C cancels either step cleanly (nothing kept, nothing registered). What cannot be sent
 * now (no connection, the service failing, the app sending the outbox itself) waits there, and the
 * command says so: PlanDesk, or the next `plandesk upload`, sends it. What the service refuses is
 * not kept: the command fails with the reason, and the original is untouched.
 */
import { basename, resolve } from 'node:path';
import type { ApiClient } from '../../api/client';
import { fieldWords, ServiceError, toErrorValue } from '../../errors/service-error';
import { checkUploadable } from '../../files/uploadable';
import type { MessageKey } from '../../../src-shared/i18n/catalogue';
import { requirePositional } from '../args';
import type { CliOutbox } from '../cli-outbox';
import { EN, type CliText } from '../i18n';
import {
  defaultProgress,
  fileFacts,
  progressMeter,
  stringFlag,
  withInterrupt,
  type CommandFlags,
  type ProgressWriter,
} from './files';
import { json, keyValues } from './projects';

export interface UploadContext {
  /** The app's outbox over the data folder, opened for this command (and closed by the caller). */
  outbox: () => Promise<CliOutbox>;
}

export async function uploadCommand(
  client: ApiClient,
  flags: CommandFlags,
  positionals: string[],
  context: UploadContext,
  progress: ProgressWriter | null = defaultProgress(),
  { t }: CliText = EN,
): Promise<string> {
  const projectId = requirePositional(positionals, 0, 'PROJECT_ID');
  const path = resolve(requirePositional(positionals, 1, 'FILE'));
  const name = stringFlag(flags, 'name');
  await checkUploadable(path);
  const { outbox, workspaceId } = await context.outbox();
  const shown = name ?? basename(path);

  const project = await projectName(client, projectId);
  const copying = progress ? progressMeter(progress, t('cli.copying', { name: shown })) : null;
  const [entry] = await withInterrupt((signal) =>
    outbox.enqueue(workspaceId, projectId, project, [path], {
      signal,
      drain: false,
      ...(name !== undefined ? { name } : {}),
      onProgress: (copied, total) => copying?.update(copied, total),
    }),
  ).finally(() => copying?.done());

  const sending = progress ? progressMeter(progress, t('cli.uploading', { name: shown })) : null;
  const fates = await withInterrupt((signal) =>
    outbox.send(workspaceId, [entry!.id], {
      signal,
      onProgress: (_id, sent) => sending?.update(sent, entry!.size),
    }),
  ).finally(() => sending?.done());

  const fate = fates.get(entry!.id) ?? { kind: 'waiting' };
  switch (fate.kind) {
    case 'registered':
      if (flags.json) return json(fate.file ?? { name: entry!.fileName, size: entry!.size });
      return keyValues(
        fate.file ? fileFacts(fate.file, t('cli.uploaded'), t) : [[t('cli.uploaded'), entry!.fileName]],
      );
    case 'removed':
      throw new ServiceError('cancelled', 'The upload was cancelled; nothing was kept.');
    case 'held': {
      // Not left for the app to show: the original is right here, the command can be run again.
      await outbox.remove(workspaceId, entry!.id);
      const error = fate.error instanceof ServiceError ? toErrorValue(fate.error) : null;
      const said = error ? (fieldWords(error) ?? error.serviceMessage) : null;
      const why = t(`outbox.problem.${fate.problem}` as MessageKey);
      throw new ServiceError(
        error?.kind ?? 'validation',
        said ? `${why} ${t('outbox.serviceSaid', { message: said })}` : why,
        error?.status,
      );
    }
    case 'waiting':
      break;
  }
  if (flags.json) return json({ queued: true, name: entry!.fileName, size: entry!.size });
  return t('cli.queued', { name: entry!.fileName });
}

/** The project's name for the outbox's list (the app shows it); none when it cannot be read now. */
async function projectName(client: ApiClient, projectId: string): Promise<string> {
  try {
    return (await client.getProject(projectId)).name ?? '';
  } catch {
    return '';
  }
}
