/**
 * The company's logo and watermark, fetched once per workspace and kept for a while: every PDF of a
 * workspace's estimates carries the same ones, and a fetch before each export cost a request to the
 * service (the typical quote's export waited for it). Kept by workspace and address (two workspaces
 * of one service may serve different images at the same address), for KEPT_MS, so a new logo shows
 * up in the next quarter of an hour; forgotten when a workspace is removed or its key replaced. An
 * image that could not be fetched is not kept: the next export asks again.
 */
import type { ImageSource } from './sources';

const KEPT_MS = 15 * 60_000;
/** Images kept at most (a few workspaces' logos and watermarks). */
const MOST = 16;

export class CompanyImages {
  private readonly kept = new Map<string, { bytes: Uint8Array; at: number; workspace: string }>();

  constructor(
    /** The active workspace: its id, and its client's fetch of an image (null when it cannot be had). */
    private readonly active: () => Promise<{
      meta: { id: string };
      client: { fetchImage(url: string, opts: { signal: AbortSignal }): Promise<Uint8Array | null> };
    }>,
    /** Told when a workspace is removed or its key replaced: what was kept for it goes. */
    workspaces?: { onChange(listener: (change: { kind: string; id?: string }) => void): unknown },
    private readonly now: () => number = Date.now,
  ) {
    workspaces?.onChange((change) => {
      if ((change.kind === 'removing' || change.kind === 'key-replaced') && change.id) this.forget(change.id);
    });
  }

  /** The export use case's image source. */
  readonly source: ImageSource = {
    fetchImage: async (url, signal) => {
      const { meta, client } = await this.active();
      const workspace = meta.id;
      const key = `${workspace}\n${url}`;
      const hit = this.kept.get(key);
      if (hit && this.now() - hit.at < KEPT_MS) return hit.bytes.slice();
      const bytes = await client.fetchImage(url, { signal });
      if (!bytes) return null;
      this.kept.delete(key);
      this.kept.set(key, { bytes: bytes.slice(), at: this.now(), workspace });
      for (const old of this.kept.keys()) {
        if (this.kept.size <= MOST) break;
        this.kept.delete(old);
      }
      return bytes;
    },
  };

  /** Forgets what was kept for a workspace (removed, or its key replaced). */
  forget(workspace: string): void {
    for (const [key, entry] of this.kept) if (entry.workspace === workspace) this.kept.delete(key);
  }
}
