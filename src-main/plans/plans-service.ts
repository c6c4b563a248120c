import type { ActiveSource } from '../app/active-workspace';
import type { Dialogs } from '../dialogs';
import { buildPlanView, buildRoomsTable } from './plan-view';
import { exportRoomsTable } from './rooms-export';
import type { PlanResult } from '../../src-shared/plans/types';
import type { UiLanguage } from '../../src-shared/i18n/languages';

const MAX_IMAGE_BYTES = 15 * 1024 * 1024;

/** The plan view, its rooms table and its images, read through the cache so they work offline. */
export class PlansService {
  constructor(
    private readonly active: ActiveSource,
    private readonly dialogs: Dialogs,
  ) {}

  async get(planId: string): Promise<PlanResult> {
    const { cached } = await this.active();
    const r = await cached.getPlan(planId);
    const view = buildPlanView(r.data);
    return { view, rooms: buildRoomsTable(view), source: r.source, fetchedAt: r.fetchedAt.toISOString() };
  }

  /**
   * A floor or room image as a data: URL. Main fetches it: on the service's host with the
   * credentials, anywhere else without (see ApiClient.fetchImage). Null when there is none.
   */
  async image(url: string): Promise<string | null> {
    const { client } = await this.active();
    const bytes = await client.fetchImage(url, { maxBytes: MAX_IMAGE_BYTES });
    if (!bytes) return null;
    const type = sniffImageType(bytes);
    return type ? `data:${type};base64,${Buffer.from(bytes).toString('base64')}` : null;
  }

  async exportRooms(
    planId: string,
    format: 'xlsx' | 'csv',
    language: UiLanguage,
    projectName?: string,
  ): Promise<{ path: string | null }> {
    const { view, rooms } = await this.get(planId);
    const target = await this.dialogs.saveFile(
      `${(view.name ?? 'Plan').replace(/[\\/:*?"<>|]+/g, ' ').trim()} rooms.${format}`,
      format,
    );
    if (!target) return { path: null };
    await exportRoomsTable(rooms, format, target, { language, projectName: projectName ?? null });
    return { path: target };
  }
}

/** Only real images become data URLs (never an HTML error page passed off as one). */
function sniffImageType(b: Uint8Array): string | null {
  if (b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47) return 'image/png';
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46) return 'image/gif';
  if (b[0] === 0x52 && b[1] === 0x49 && b[2] === 0x46 && b[3] === 0x46 && b[8] === 0x57 && b[9] === 0x45)
    return 'image/webp';
  return null;
}
