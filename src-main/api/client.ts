import { ServiceError } from '../errors/service-error';
import { jsonDepth, type JsonObject } from '../../src-shared/json/exact-json';
import { isUsableId } from '../../src-shared/text/usable-id';
import { isAllowedRedirectTarget } from './base-url';
import { dataOf, decode } from './decode';
import { estimateDetailOfAnswer } from './estimate-parse';
import type { BodySink } from './body-sink';
import { listAllPages, type ListAllOptions, type Page } from './paging';
import { MAX_ESTIMATE_JSON_BYTES } from './limits';
import * as s from './schemas';
import type { ApiClientOptions, CallOptions, PageRequest } from './request-options';
import { ServiceTransport } from './transport';

export type { ApiClientOptions, CallOptions, PageRequest };
export { decode };

export interface ProjectQuery {
  name?: string;
  externalReferenceId?: string;
}

export interface CreateProjectInput {
  name: string;
  email: string;
  external_reference_id?: string;
  address?: { street?: string; city?: string; postal_code?: string; country?: string };
  team_id?: string;
}

export interface CreatedProject {
  project: s.ProjectDetail;
  /** 207 answers: the project was created, with these warnings. */
  warnings: string[];
}

export interface FormInput {
  name: string;
  context: string[];
  children: unknown[];
}

/** A form exactly as the service sent it; see src-shared/json/exact-json.ts. */
export type FormDocument = JsonObject;
export type FormContextOption = s.FormContextOption;

/**
 * Paths of the spec's planned form operations, which it does not show: PlanDesk's choice, kept in
 * this one place to correct when the service documents them. A 404 or 405 means "not offered".
 */
export const PLANNED_FORM_PATHS = {
  contextOptions: '/forms/context-options',
  publication: (id: string) => `/forms/${id}/publication`,
  publish: (id: string) => `/forms/${id}/publish`,
  unpublish: (id: string) => `/forms/${id}/unpublish`,
};

const NOT_OFFERED = Symbol('not offered');

/** A planned endpoint's answer, or NOT_OFFERED when the service has no such endpoint (404/405). */
async function planned(request: Promise<{ json: unknown }>): Promise<unknown> {
  try {
    return (await request).json;
  } catch (err) {
    if (err instanceof ServiceError && (err.status === 404 || err.status === 405)) return NOT_OFFERED;
    throw err;
  }
}

/** Deeper than this, a document would break the JSON writers and IPC: no form a person made. */
const MAX_DOCUMENT_DEPTH = 256;

/** Checks what PlanDesk reads of a form (id, name) and hands back the document itself, untouched. */
function formDocument(value: unknown, what: string): FormDocument {
  decode(s.formSchema, value, what);
  if (jsonDepth(value, MAX_DOCUMENT_DEPTH) > MAX_DOCUMENT_DEPTH) {
    throw new ServiceError('invalid-response', `The service's answer for ${what} is nested too deeply.`);
  }
  return value as FormDocument;
}

/**
 * The one client for the Floor-Plan Project Service: a typed method per endpoint. Every feature and
 * the CLI go through it; the HTTP machinery (auth, budget, retries, redirects, errors) is the
 * transport's.
 */
export class ApiClient {
  private readonly http: ServiceTransport;

  constructor(private readonly options: ApiClientOptions) {
    this.http = new ServiceTransport(options);
  }

  /** The same client (its key, and its rate budget shared) trying again as `retry` says. */
  withRetry(retry: NonNullable<ApiClientOptions['retry']>): ApiClient {
    const o = this.options;
    return new ApiClient({ ...o, retry: { ...o.retry, ...retry }, budget: this.http.budget });
  }

  get baseUrl(): string {
    return this.http.baseUrl;
  }

  /** The requests counted against this key's rate budget now, and its limit (see rate-budget.ts). */
  budgetUse(): { used: number; limit: number } {
    return { used: this.http.budget.used(), limit: this.http.budget.limit };
  }

  // ---- workspace --------------------------------------------------------------------------------

  /** The connectivity check. Accepts the enveloped and the unwrapped (live) shape. */
  async getWorkspace(opts: CallOptions = {}): Promise<s.Workspace> {
    const { json } = await this.http.request('GET', '/workspace', opts);
    const o = json as Record<string, unknown> | null;
    const payload = o && typeof o === 'object' && o.data && typeof o.data === 'object' ? o.data : o;
    return decode(s.workspaceSchema, payload, 'the workspace');
  }

  async setWebhookUrl(webhookUrl: string | null, opts: CallOptions = {}): Promise<s.Workspace> {
    const { json } = await this.http.request('PUT', '/workspace', {
      ...opts,
      body: { webhook_url: webhookUrl },
    });
    const o = json as Record<string, unknown> | null;
    const payload = o && typeof o === 'object' && o.data && typeof o.data === 'object' ? o.data : o;
    return decode(s.workspaceSchema, payload ?? {}, 'the workspace update');
  }

  // ---- projects ---------------------------------------------------------------------------------

  listProjects(query: ProjectQuery & PageRequest = {}): Promise<Page<s.ProjectListItem>> {
    return this.http.page('/projects', s.projectListItemSchema, query, {
      name: query.name,
      external_reference_id: query.externalReferenceId,
    });
  }

  listAllProjects(query: ProjectQuery = {}, options: ListAllOptions = {}): Promise<s.ProjectListItem[]> {
    return listAllPages(
      (page, pageSize) => this.listProjects({ ...query, page, pageSize, signal: options.signal, bulk: true }),
      options,
    );
  }

  async getProject(id: string, opts: CallOptions = {}): Promise<s.ProjectDetail> {
    const { json } = await this.http.request('GET', `/projects/${seg(id)}`, opts);
    return decode(s.projectDetailSchema, dataOf(json), 'the project');
  }

  async createProject(input: CreateProjectInput, opts: CallOptions = {}): Promise<CreatedProject> {
    const { json } = await this.http.request('POST', '/projects', { ...opts, body: input });
    const project = decode(s.projectDetailSchema, dataOf(json), 'the new project');
    const warnings = decode(s.warningsSchema, (json as Record<string, unknown>).warnings, 'the warnings');
    return { project, warnings };
  }

  async archiveProject(id: string, opts: CallOptions = {}): Promise<s.ProjectDetail> {
    const body = this.http.actingUser ? { acting_user: this.http.actingUser } : {};
    const { json } = await this.http.request('PUT', `/projects/${seg(id)}/archive`, { ...opts, body });
    return decode(s.projectDetailSchema, dataOf(json), 'the archived project');
  }

  async restoreProject(id: string, opts: CallOptions = {}): Promise<s.ProjectDetail> {
    const { json } = await this.http.request('PUT', `/projects/${seg(id)}/restore`, opts);
    return decode(s.projectDetailSchema, dataOf(json), 'the restored project');
  }

  // ---- plans ------------------------------------------------------------------------------------

  /** The plan in whichever shape the service sent: current (statistics on plan/floors/rooms) or legacy. */
  async getPlan(planId: string, opts: CallOptions = {}): Promise<s.PlanDocument> {
    const { json } = await this.http.request('GET', `/plans/get/${seg(planId)}`, opts);
    const data = dataOf(json);
    if (data && typeof data === 'object' && 'plan_detail' in data) {
      return { shape: 'legacy', plan: decode(s.legacyPlanSchema, data, 'the plan') };
    }
    return { shape: 'current', plan: decode(s.currentPlanSchema, data, 'the plan') };
  }

  async listPlanExportFiles(planId: string, format: string, opts: CallOptions = {}) {
    const { json } = await this.http.request('GET', `/plans/${seg(planId)}/files`, {
      ...opts,
      query: { 'format[]': format },
    });
    return decode(s.planExportFilesSchema, json, 'the plan files');
  }

  // ---- project files ----------------------------------------------------------------------------

  listProjectFiles(projectId: string, req: PageRequest = {}): Promise<Page<s.ProjectFile>> {
    return this.http.page(`/projects/${seg(projectId)}/files`, s.projectFileSchema, req);
  }

  listAllProjectFiles(projectId: string, options: ListAllOptions = {}): Promise<s.ProjectFile[]> {
    return listAllPages(
      (page, pageSize) =>
        this.listProjectFiles(projectId, { page, pageSize, signal: options.signal, bulk: true }),
      options,
    );
  }

  /** Step 1 of an upload: a presigned storage URL with the headers the PUT must carry. */
  async requestUploadUrl(
    projectId: string,
    file: { file_name: string; content_type: string; size: number },
    opts: CallOptions = {},
  ): Promise<s.PresignedUpload> {
    const { json } = await this.http.request(
      'POST',
      `/projects/${seg(projectId)}/files/temporary-presigned-url`,
      {
        ...opts,
        body: file,
      },
    );
    const presigned = decode(s.presignedUploadSchema, dataOf(json), 'the upload URL');
    if (!isAllowedRedirectTarget(new URL(presigned.url))) {
      throw new ServiceError('invalid-response', 'The service gave an upload address that is not https.');
    }
    return presigned;
  }

  /** Step 3 of an upload: register the uploaded bytes as a file of the project. */
  async registerUploadedFile(
    projectId: string,
    upload: { upload_id: string; name?: string },
    opts: CallOptions = {},
  ): Promise<s.ProjectFile> {
    const { json } = await this.http.request('POST', `/projects/${seg(projectId)}/files`, {
      ...opts,
      body: upload,
    });
    return decode(s.projectFileSchema, dataOf(json), 'the registered file');
  }

  async deleteProjectFile(projectId: string, fileId: string, opts: CallOptions = {}): Promise<void> {
    await this.http.request('DELETE', `/projects/${seg(projectId)}/files/${seg(fileId)}`, opts);
  }

  // ---- estimates --------------------------------------------------------------------------------

  listEstimates(projectId: string, req: PageRequest = {}): Promise<Page<s.EstimateListItem>> {
    return this.http.page(`/projects/${seg(projectId)}/estimates`, s.estimateListItemSchema, req);
  }

  listAllEstimates(projectId: string, options: ListAllOptions = {}): Promise<s.EstimateListItem[]> {
    return listAllPages(
      (page, pageSize) =>
        this.listEstimates(projectId, { page, pageSize, signal: options.signal, bulk: true }),
      options,
    );
  }

  /** The estimate detail; `data` is an array holding it. Money arrives exact (lossless parse). */
  async getEstimate(
    projectId: string,
    estimateId: string,
    opts: CallOptions = {},
  ): Promise<s.EstimateDetail> {
    const { json } = await this.http.request('GET', estimatePath(projectId, estimateId), {
      ...opts,
      parse: 'lossless',
      maxBytes: MAX_ESTIMATE_JSON_BYTES,
    });
    return estimateDetailOfAnswer(json);
  }

  /**
   * The estimate's answer as bytes handed to `sink` while they arrive, unread here: a large one is
   * read and checked by a worker (src-main/estimates/estimate-body.ts), never on this thread.
   */
  async getEstimateBody(
    projectId: string,
    estimateId: string,
    sink: BodySink,
    opts: CallOptions = {},
  ): Promise<void> {
    await this.http.request('GET', estimatePath(projectId, estimateId), {
      ...opts,
      sink,
      maxBytes: MAX_ESTIMATE_JSON_BYTES,
    });
  }

  // ---- forms and teams --------------------------------------------------------------------------
  // A form's schema is not shown, so forms travel as documents exactly as sent ('exact' parse):
  // PlanDesk sends back every field it does not understand unchanged.

  async listForms(opts: CallOptions = {}): Promise<FormDocument[]> {
    const { json } = await this.http.request('GET', '/forms', { ...opts, parse: 'exact' });
    // Enveloped as the spec's lists are; a bare array is taken too.
    const data = Array.isArray(json) ? json : dataOf(json);
    if (!Array.isArray(data))
      throw new ServiceError('invalid-response', 'The service sent no list of forms.');
    return data.map((f, i) => formDocument(f, `form ${i + 1} of the list`));
  }

  async getForm(id: string, opts: CallOptions = {}): Promise<FormDocument> {
    const { json } = await this.http.request('GET', `/forms/${seg(id)}`, { ...opts, parse: 'exact' });
    return formDocument(dataOf(json), 'the form');
  }

  /** `body`: name, context, children and any other fields to keep (never id, created, modified). */
  async createForm(body: FormInput | JsonObject, opts: CallOptions = {}): Promise<FormDocument> {
    const { json } = await this.http.request('POST', '/forms', { ...opts, body, parse: 'exact' });
    return formDocument(dataOf(json), 'the new form');
  }

  /** A partial update: only the fields in `changes` are sent; the service keeps the others. */
  async updateForm(
    id: string,
    changes: Partial<FormInput> | JsonObject,
    opts: CallOptions = {},
  ): Promise<FormDocument> {
    const { json } = await this.http.request('PUT', `/forms/${seg(id)}`, {
      ...opts,
      body: changes,
      parse: 'exact',
    });
    return formDocument(dataOf(json), 'the updated form');
  }

  async deleteForm(id: string, opts: CallOptions = {}): Promise<void> {
    await this.http.request('DELETE', `/forms/${seg(id)}`, opts);
  }

  /**
   * The planned "context options" (contexts including custom room types and object categories).
   * Null when the service does not offer it (404 or 405).
   */
  async getFormContextOptions(opts: CallOptions = {}): Promise<FormContextOption[] | null> {
    const json = await planned(this.http.request('GET', PLANNED_FORM_PATHS.contextOptions, opts));
    if (json === NOT_OFFERED) return null;
    const data = Array.isArray(json) ? json : dataOf(json);
    return decode(s.formContextOptionsSchema, data, 'the form context options');
  }

  /** Whether the form is published (planned endpoint); null when the service does not offer it. */
  async getFormPublication(id: string, opts: CallOptions = {}): Promise<boolean | null> {
    const json = await planned(this.http.request('GET', PLANNED_FORM_PATHS.publication(seg(id)), opts));
    if (json === NOT_OFFERED) return null;
    return decode(s.formPublicationSchema, json, 'the form publication state');
  }

  /** Publishes or unpublishes (planned endpoints). A 404/405 is a `not-found` saying it is not offered. */
  async setFormPublished(id: string, published: boolean, opts: CallOptions = {}): Promise<FormDocument> {
    const path = published ? PLANNED_FORM_PATHS.publish(seg(id)) : PLANNED_FORM_PATHS.unpublish(seg(id));
    const json = await planned(this.http.request('PUT', path, { ...opts, parse: 'exact' }));
    if (json === NOT_OFFERED) {
      throw new ServiceError('not-found', 'The service does not offer publishing forms (yet).');
    }
    return formDocument(dataOf(json), 'the form');
  }

  listTeams(req: PageRequest = {}): Promise<Page<s.Team>> {
    return this.http.page('/teams', s.teamSchema, req);
  }

  listAllTeams(options: ListAllOptions = {}): Promise<s.Team[]> {
    return listAllPages(
      (page, pageSize) => this.listTeams({ page, pageSize, signal: options.signal }),
      options,
    );
  }

  async getTeam(id: string, opts: CallOptions = {}): Promise<s.Team> {
    const { json } = await this.http.request('GET', `/teams/${seg(id)}`, opts);
    return decode(s.teamSchema, dataOf(json), 'the team');
  }

  // ---- images -----------------------------------------------------------------------------------

  /**
   * An image the service refers to (company logo, watermark, floor image). On the service's own
   * host it needs the credentials; anywhere else (presigned storage) it must never get them. Images
   * are optional decoration, so every failure is null, never an error. At most `maxBytes`.
   */
  fetchImage(url: string, opts: CallOptions & { maxBytes?: number } = {}): Promise<Uint8Array | null> {
    return this.http.fetchImage(url, opts);
  }
}

/**
 * One path segment from an identifier. Ids come from the service or the renderer: `.`, `..`, an
 * empty id, a separator or a control character would change which resource the path names (a file
 * id `..` turns `DELETE /projects/{id}/files/..` into `DELETE /projects/{id}`), so they are refused
 * before any request.
 */
function estimatePath(projectId: string, estimateId: string): string {
  return `/projects/${seg(projectId)}/estimates/${seg(estimateId)}`;
}

function seg(id: string): string {
  if (!isUsableId(id)) {
    throw new ServiceError(
      'validation',
      id ? `"${id.slice(0, 40)}" cannot be used as an identifier.` : 'An identifier is missing.',
    );
  }
  return encodeURIComponent(id);
}
