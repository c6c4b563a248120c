/**
 * The parameters of a test call, in the order and form the service sends them: from a real project
 * (its title, plan, ids, external reference, the e-mail of its user and the URLs of its export
 * files) when one is given, otherwise obvious sample values on addresses that cannot resolve.
 */
import type { ApiClient } from '../api/client';
import { fileParams, LISTING_PARAM } from './project-updated';

export const SAMPLE_EMAIL = 'webhook-test@example.com';
const SAMPLE_FILES = 'https://files.example.invalid/plandesk-webhook-test';

export function sampleFields(key: string): [string, string][] {
  return [
    ['key', key],
    ['email', SAMPLE_EMAIL],
    ['title', 'PlanDesk webhook test'],
    ['planid', 'plandesk-test-plan'],
    ['project_id', 'plandesk-test-project'],
    ['pdf', `${SAMPLE_FILES}/plan.pdf`],
    ['jpg0', `${SAMPLE_FILES}/floor-1.jpg`],
    ['xml', `${SAMPLE_FILES}/plan.xml`],
  ];
}

export async function projectFields(
  client: Pick<ApiClient, 'getProject' | 'listAllProjectFiles'>,
  projectId: string,
  key: string,
): Promise<[string, string][]> {
  const project = await client.getProject(projectId);
  const files = await client.listAllProjectFiles(projectId);
  const exported = files.filter((f) => f.origin === 'export');
  const fields: [string, string][] = [
    ['key', key],
    ['email', project.assignee?.email ?? project.user?.email ?? SAMPLE_EMAIL],
    ['title', project.name],
    ['planid', project.plan_id ?? ''],
    ['project_id', project.id],
  ];
  if (project.external_reference_id) fields.push([LISTING_PARAM, project.external_reference_id]);
  return [...fields, ...fileParams(exported)];
}
