import type { ActiveSource } from '../app/active-workspace';
import {
  PLACEHOLDER_KEY,
  type WebhookTestRequest,
  type WebhookTestResult,
} from '../../src-shared/webhook/types';
import { checkReceiverUrl, sendProjectUpdated } from './test-sender';
import { projectFields, sampleFields } from './test-fields';

/**
 * The workspace screen's webhook test: a Project Updated call built from the active workspace's
 * project (or samples), sent with a placeholder key unless the user explicitly asked for the real
 * one, which is then read from the keychain for this one call.
 */
export class WebhookTestService {
  constructor(
    private readonly active: ActiveSource,
    private readonly realKey: () => Promise<string>,
  ) {}

  async test(req: WebhookTestRequest): Promise<WebhookTestResult> {
    // A refused address is answered before anything is read or fetched.
    if (checkReceiverUrl(req.url))
      return sendProjectUpdated({ url: req.url, fields: [], keySent: 'placeholder' });
    const keySent = req.sendRealKey ? 'real' : 'placeholder';
    const key = req.sendRealKey ? await this.realKey() : PLACEHOLDER_KEY;
    const fields = req.projectId
      ? await projectFields((await this.active()).client, req.projectId, key)
      : sampleFields(key);
    return sendProjectUpdated({ url: req.url, fields, keySent });
  }
}
