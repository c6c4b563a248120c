import type { ActiveSource } from '../contracts/active-workspace';
import { provenance } from '../cache/cached-client';
import { buildPlanView } from './plan-view';
import { buildRoomsTable } from './rooms-table';
import { planRoomsOf } from './plan-rooms';
import type { PlanRoomsRead } from '../../src-shared/plans/rooms-costs-types';
import type { PlanResult } from '../../src-shared/plans/types';
import type { PlanView } from '../../src-shared/plans/types';
import { ServiceError } from '../errors/service-error';

/** Plans whose image URLs are remembered; the oldest are forgotten first. */
const REMEMBERED_PLANS = 50;

/** The plan view, its rooms table and its images, read through the cache so they work offline. */
export class PlansService {
  /** Per workspace and plan: the image URLs its view gave out, the only ones `image` fetches. */
  private readonly imageUrls = new Map<string, Set<string>>();

  constructor(private readonly active: ActiveSource) {}

  async get(planId: string): Promise<PlanResult> {
    const { cached, meta } = await this.active();
    const r = await cached.getPlan(planId);
    const view = buildPlanView(r.data);
    this.remember(`${meta.id}|${planId}`, view);
    return { view, rooms: buildRoomsTable(view), ...provenance(r) };
  }

  /**
   * A floor or room image as a data: URL. Main fetches it: on the service's host with the
   * credentials, anywhere else without (see ApiClient.fetchImage); offline, the copy kept. Null
   * when there is none.
   * Only a URL that this plan's view (built by `get`) gave out is fetched: the renderer cannot make
   * main send the credentials to any other path of the service's host.
   */
  async image(planId: string, url: string): Promise<string | null> {
    const { cached, meta } = await this.active();
    if (!this.imageUrls.get(`${meta.id}|${planId}`)?.has(url)) {
      throw new ServiceError('validation', 'That image is not part of the plan shown.');
    }
    // Kept when fetched (and with a pinned project), so the floor shows offline too.
    const bytes = (await cached.floorImage(url)).data;
    if (!bytes) return null;
    const type = sniffImageType(bytes);
    return type ? `data:${type};base64,${Buffer.from(bytes).toString('base64')}` : null;
  }

  private remember(key: string, view: PlanView): void {
    this.imageUrls.delete(key);
    this.imageUrls.set(key, imageUrlsOf(view));
    while (this.imageUrls.size > REMEMBERED_PLANS) {
      this.imageUrls.delete(this.imageUrls.keys().next().value as string);
    }
  }

  /** The plan's rooms table, name and rooms, for the rooms export (src-main/exports). */
  async rooms(
    planId: string,
  ): Promise<{ table: PlanResult['rooms']; planName: string | null; plan: PlanRoomsRead }> {
    const { view, rooms } = await this.get(planId);
    return { table: rooms, planName: view.name ?? null, plan: planRoomsOf(view, planId, rooms) };
  }
}

/** Every image URL of the view: its floors' and rooms' image maps. */
function imageUrlsOf(view: PlanView): Set<string> {
  const urls = new Set<string>();
  for (const floor of view.floors ?? []) {
    if (floor.imageMap?.url) urls.add(floor.imageMap.url);
    for (const room of floor.rooms ?? []) if (room.imageMap?.url) urls.add(room.imageMap.url);
  }
  return urls;
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
