import type { ActiveSource } from '../contracts/active-workspace';
import { plainQuestion, type ConfirmQuestion, type Dialogs } from '../dialogs';
import { ServiceError } from '../errors/service-error';
import { translator, type Translate } from '../../src-shared/i18n/catalogue';
import {
  PLACEHOLDER_KEY,
  type WebhookTestRequest,
  type WebhookTestResult,
} from '../../src-shared/webhook/types';
import { hasQuery, sameWebhookAddress } from '../../src-shared/webhook/addresses';
import { checkReceiverUrl, sendProjectUpdated } from './test-sender';
import { projectFields, sampleFields } from './test-fields';

/**
 * The workspace screen's webhook test, which the renderer asks for: what it may send depends on
 * where it goes.
 * - To the workspace's own webhook address (as the service has it: set after the native
 *   confirmation of src-main/workspaces/workspace-settings.ts, or by the user elsewhere): a call
 *   built from a project, with the real key if the user asked. The service posts exactly this there
 *   with every Custom Export, so nothing goes anywhere it would not.
 * - To any other address (a test receiver): only after a native dialog that names the host and says
 *   what will be sent, and then only sample values with a placeholder key. Never the real key, never
 *   a project's data, never a query string the page chose: a compromised page could otherwise post
 *   the key or customer data to a host of its own.
 */
export class WebhookTestService {
  constructor(
    private readonly active: ActiveSource,
    /** A workspace's real key, by its id (the workspace whose address was checked). */
    private readonly realKey: (workspaceId: string) => Promise<string>,
    private readonly dialogs: Pick<Dialogs, 'confirm'>,
  ) {}

  async test(req: WebhookTestRequest): Promise<WebhookTestResult> {
    // A refused address is answered before anything is read, fetched or asked.
    if (checkReceiverUrl(req.url))
      return sendProjectUpdated({ url: req.url, fields: [], keySent: 'placeholder' });
    // One snapshot of the active workspace for the whole call: its client checks the address, and
    // the key sent is that same workspace's, even if the page switches workspace meanwhile.
    const { client, meta } = await this.active();
    const own = (await client.getWorkspace()).webhook_url ?? null;
    if (own !== null && sameWebhookAddress(req.url, own)) {
      const keySent = req.sendRealKey ? 'real' : 'placeholder';
      const key = req.sendRealKey ? await this.realKey(meta.id) : PLACEHOLDER_KEY;
      const fields = req.projectId ? await projectFields(client, req.projectId, key) : sampleFields(key);
      return sendProjectUpdated({ url: own, fields, keySent });
    }
    const t = translator(meta.language);
    const target = testAddress(req, t);
    if (!(await this.dialogs.confirm(testQuestion(target, t)))) {
      throw new ServiceError('cancelled', t('webhookTest.cancelled'));
    }
    return sendProjectUpdated({
      url: target.href,
      fields: sampleFields(PLACEHOLDER_KEY),
      keySent: 'placeholder',
    });
  }
}

/** A test receiver's address, when the request may go there at all (the page chose it). */
function testAddress(req: WebhookTestRequest, t: Translate): URL {
  if (req.sendRealKey || req.projectId)
    throw new ServiceError('validation', t('webhookTest.errOwnAddressOnly'));
  if (hasQuery(req.url)) throw new ServiceError('validation', t('webhookTest.errQuery'));
  const target = new URL(req.url);
  target.hash = '';
  return target;
}

/** The native question naming the host that would receive the test call, and what it receives. */
function testQuestion(target: URL, t: Translate): ConfirmQuestion {
  return plainQuestion({
    title: t('security.webhookTestTitle'),
    message: t('security.webhookTestMessage', { host: target.host }),
    detail: t('security.webhookTestDetail', { host: target.host, url: target.href }),
    confirmLabel: t('security.webhookConfirmButton', { host: target.host }),
    cancelLabel: t('common.cancel'),
  });
}
