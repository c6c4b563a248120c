import type { Locator, Page } from '@playwright/test';

/**
 * Drops files from disk onto `target` as a user dragging them from the desktop does: Chromium's own
 * drag events (DevTools protocol `Input.dispatchDragEvent`), so the page and the preload see a
 * trusted `drop` (`isTrusted`) holding real File objects. A page's script can only dispatch
 * untrusted ones, which the preload ignores.
 */
export async function dropFiles(page: Page, target: Locator, filePaths: string[]): Promise<void> {
  const box = await target.boundingBox();
  if (!box) throw new Error('The drop target is not on screen.');
  const at = { x: box.x + box.width / 2, y: box.y + Math.min(box.height / 2, 200) };
  const data = { items: [], files: filePaths, dragOperationsMask: 1 };
  const cdp = await page.context().newCDPSession(page);
  try {
    for (const type of ['dragEnter', 'dragOver', 'drop'] as const) {
      await cdp.send('Input.dispatchDragEvent', { type, ...at, data });
    }
  } finally {
    await cdp.detach();
  }
}
