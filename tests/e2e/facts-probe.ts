import type { Page } from '@playwright/test';

/**
 * Watches the projects list from the page's first script on: when its first row appears, and when
 * every row on screen that has estimates shows its client and its total (a row without estimates
 * shows "—"). The e2e walk waits for it; the UI benchmark reads the times.
 */
export async function watchProjectFacts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const marks: { rows?: number; facts?: number } = {};
    Object.defineProperty(globalThis, '__factsMarks', { value: marks });
    const shownAndFilled = (): boolean => {
      const scroll = document.querySelector('.projects-table-frame .table-scroll');
      const rows = [...document.querySelectorAll<HTMLElement>('[data-testid^="project-row-"]')];
      if (!scroll || rows.length === 0) return false;
      marks.rows ??= performance.now();
      const box = scroll.getBoundingClientRect();
      const onScreen = rows.filter((r) => {
        const b = r.getBoundingClientRect();
        return b.bottom > box.top + 32 && b.top < box.bottom;
      });
      return onScreen.every((r) => {
        const client = r.querySelector('[data-testid^="project-client-"]');
        const total = r.querySelector('[data-testid^="project-total-"]');
        if (!client || !total || r.querySelector('.fact-pending, .cell-unknown')) return false;
        if ((total.textContent ?? '').startsWith('—')) return true;
        return /\d/.test(total.textContent ?? '') && (client.textContent ?? '').trim() !== '';
      });
    };
    const tick = () => {
      if (shownAndFilled()) marks.facts = performance.now();
      else requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

/** The two moments (ms since the page began), once the facts are shown; null before. */
export async function factsMarks(page: Page): Promise<{ rows: number; facts: number } | null> {
  return page.evaluate(() => {
    const m = (globalThis as unknown as { __factsMarks?: { rows?: number; facts?: number } }).__factsMarks;
    return m?.rows !== undefined && m.facts !== undefined ? { rows: m.rows, facts: m.facts } : null;
  });
}
