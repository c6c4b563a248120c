/** The key of each cached answer, made from the request that fetched it. */

const enc = encodeURIComponent;

/** The one spelling of each kind's key. Ids are URI-encoded so `/` separates parts unambiguously. */
export const cacheKeys = {
  projectsPage(q: { name?: string; externalReferenceId?: string; page?: number; pageSize?: number }): string {
    const p = new URLSearchParams();
    p.set('page', String(q.page ?? 1));
    p.set('page_size', String(q.pageSize ?? 10));
    if (q.name) p.set('name', q.name);
    if (q.externalReferenceId) p.set('external_reference_id', q.externalReferenceId);
    return p.toString();
  },
  project: (projectId: string): string => enc(projectId),
  plan: (planId: string): string => enc(planId),
  estimatesList: (projectId: string): string => enc(projectId),
  estimate: (projectId: string, estimateId: string): string => `${enc(projectId)}/${enc(estimateId)}`,
  /** The workspace has one list of forms and one set of details. */
  formsList: (): string => 'all',
  filesList: (projectId: string): string => enc(projectId),
  /**
   * A floor image, by its address without the query: a presigned address changes its signature
   * every time the plan is fetched, the image it names does not.
   */
  image(url: string): string {
    try {
      const u = new URL(url);
      return `${u.origin}${u.pathname}`;
    } catch {
      return url;
    }
  },
  form: (formId: string): string => enc(formId),
  workspace: (): string => 'details',
};
