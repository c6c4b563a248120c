/**
 * The Custom Export action: makes export files for a project and notifies the workspace's
 * webhook (Project Updated). Runs from the admin API, as the app's users would trigger it.
 */
import { randomUUID } from 'node:crypto';
import type { SimFile } from './data/types';
import { isoSeconds } from './formatting';
import { fileJson } from './handlers/files';
import { HttpError } from './http-util';
import type { CustomExportResult } from './sim-types';
import type { SimState } from './state';
import { deliverWebhook } from './webhook';

const CONTENT_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  png: 'image/png',
  svg: 'image/svg+xml',
  dxf: 'image/vnd.dxf',
  xml: 'application/xml',
};

interface ExportSpec {
  name: string;
  type: string;
  /** Webhook parameter carrying this file's URL. */
  param: string;
}

function exportSpecs(floorCount: number): ExportSpec[] {
  const specs: ExportSpec[] = [{ name: 'plan.pdf', type: 'pdf', param: 'pdf' }];
  // Parameters are grouped by type (jpg0, jpg1, …, png0, …) as in the service's documentation.
  for (const type of ['jpg', 'png', 'svg', 'dxf']) {
    for (let i = 0; i < floorCount; i++)
      specs.push({ name: `floor-${i + 1}.${type}`, type, param: `${type}${i}` });
  }
  specs.push({ name: 'plan.xml', type: 'xml', param: 'xml' });
  return specs;
}

export async function runCustomExport(
  sim: SimState,
  projectId: string,
  options: { email?: string } = {},
): Promise<CustomExportResult> {
  const found = sim.store.findProject(projectId);
  if (!found) throw new HttpError(404, 'Project not found');
  const { ws, project } = found;
  const email =
    options.email ??
    ws.user(project.assignee_id)?.email ??
    ws.user(project.creator_id)?.email ??
    ws.user(ws.data.owner_id)?.email ??
    '';

  const now = sim.now();
  const specs = exportSpecs(project.plan.floors.length);
  // A new export replaces the files of the previous one, as updating a project does live.
  const names = new Set(specs.map((s) => s.name));
  const kept = project.files.filter((f) => !(f.origin === 'export' && names.has(f.name)));
  project.files.splice(0, project.files.length, ...kept);

  const made: { spec: ExportSpec; file: SimFile }[] = specs.map((spec) => ({
    spec,
    file: {
      id: randomUUID(),
      name: spec.name,
      file_type: spec.type,
      content_type: CONTENT_TYPES[spec.type] ?? 'application/octet-stream',
      size: 0,
      created: isoSeconds(now),
      origin: 'export',
      content_seed: `${project.id}/${spec.name}/${now}`,
    },
  }));
  for (const { file } of made) project.files.push(file);
  const files = made.map(({ file }) => fileJson(sim, ws, project.id, file));

  const webhookUrl = ws.data.webhook_url;
  if (!webhookUrl) return { files, webhook: null };
  const params: [string, string][] = [
    ['key', ws.data.key],
    ['email', email],
    ['title', project.name],
    ['planid', project.plan.id],
    ['project_id', project.id],
  ];
  if (project.external_reference_id) params.push(['listing', project.external_reference_id]);
  made.forEach(({ spec }, i) => params.push([spec.param, (files[i] as { url: string }).url]));
  const webhook = await deliverWebhook(webhookUrl, params);
  sim.log(`custom-export ${project.id}: webhook ${webhook.error ?? 'ok'}`);
  return { files, webhook };
}
