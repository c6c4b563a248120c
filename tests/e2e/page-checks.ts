import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Page } from '@playwright/test';

/**
 * Checks run inside the page: axe-core's accessibility rules, and whether any control, heading,
 * figure card or bar is cut off or spills out of its box.
 */

// Resolved from the checkout, as the tests run from its root.
const AXE_SOURCE = readFileSync(
  createRequire(path.resolve('package.json')).resolve('axe-core/axe.min.js'),
  'utf8',
);

export interface AxeProblem {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * Rules whose findings count whatever axe rates them: the ones the issue named (a heading skipped on
 * the estimate screen, the demo banner outside a landmark).
 */
const ALWAYS_COUNTED = ['heading-order', 'region', 'landmark-one-main', 'page-has-heading-one'];

/**
 * axe-core's serious and critical violations on the page as it is now (dialogs and menus included),
 * and any of the rules above. axe is evaluated through the DevTools protocol, which the page's
 * content security policy (no inline script) does not apply to.
 */
export async function axeProblems(page: Page): Promise<AxeProblem[]> {
  const loaded = await page.evaluate(() => 'axe' in globalThis);
  if (!loaded) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (always) => {
    const axe = (globalThis as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<unknown> } })
      .axe;
    const result = (await axe.run(document, { resultTypes: ['violations'] })) as {
      violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[];
    };
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical' || always.includes(v.id))
      .map((v) => ({
        rule: v.id,
        impact: v.impact ?? '',
        help: v.help,
        targets: v.nodes.slice(0, 5).map((n) => n.target.map(String).join(' ')),
      }));
  }, ALWAYS_COUNTED);
}

/**
 * What is cut off or spills out on the page as it is now, each as "<what>: <text>":
 * - the page, or a table in its box, scrolls sideways;
 * - a bar (header, a screen's bar, toolbars, tabs, pager, status bar, a dialog's footer) holds more
 *   than fits in it;
 * - a control, heading, tab, badge or figure card shows less than its text (cut with an ellipsis,
 *   or spilling over) — unless a title gives the whole text (a long name in a narrow column);
 * - a button, tab or badge wraps its label over more than one line.
 */
export async function overflowProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    // Shown on screen: not hidden, and not one of the 1-pixel boxes kept for screen readers only.
    const shown = (el: Element) => {
      const r = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return r.width > 2 && r.height > 2 && style.visibility !== 'hidden' && style.display !== 'none';
    };
    const label = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.getAttribute('data-testid') ? `[${el.getAttribute('data-testid')}]` : ''}${
        el.className && typeof el.className === 'string'
          ? `.${el.className.trim().split(/\s+/).join('.')}`
          : ''
      } "${(el.textContent ?? '').trim().slice(0, 60)}"`;
    if (document.documentElement.scrollWidth > window.innerWidth + 1) {
      problems.push(`page scrolls sideways: ${document.documentElement.scrollWidth} > ${window.innerWidth}`);
    }
    const bars = [
      '.app-header',
      '.screen-bar',
      '.projects-toolbar',
      '.project-tabs',
      '.plan-tabs',
      '.rooms-toolbar',
      '.tree-toolbar',
      '.detail-actions',
      '.pager',
      '.statusbar',
      '.dialog-footer',
      '.overview-card-action',
      '.plan-header',
    ];
    for (const el of document.querySelectorAll(bars.join(','))) {
      if (!shown(el)) continue;
      // Spilling at the end (it scrolls) or at the start (a bar packed to its end spills there,
      // where no scrolling reaches): every item must lie within the bar.
      const box = el.getBoundingClientRect();
      const outside = [...el.children].some((child) => {
        if (!shown(child)) return false;
        const r = child.getBoundingClientRect();
        return r.left < box.left - 1 || r.right > box.right + 1;
      });
      if (outside || el.scrollWidth > el.clientWidth + 1) {
        problems.push(`bar overflows (${el.scrollWidth} > ${el.clientWidth}): ${label(el)}`);
      }
    }
    // A table wider than its box: columns out of view until scrolled sideways.
    for (const el of document.querySelectorAll<HTMLElement>(
      '.table-scroll, .tree-scroll, .compare-tree-body',
    )) {
      if (shown(el) && el.scrollWidth > el.clientWidth + 1) {
        problems.push(`table scrolls sideways (${el.scrollWidth} > ${el.clientWidth}): ${label(el)}`);
      }
    }
    const boxes = [
      'button',
      'h1',
      'h2',
      'h3',
      '.badge',
      '.stat-card',
      '.stat-label',
      '.stat-value',
      'th',
      'label',
      '.banner-text',
    ];
    for (const el of document.querySelectorAll<HTMLElement>(boxes.join(','))) {
      if (!shown(el)) continue;
      const cut = el.scrollWidth > el.clientWidth + 1;
      if (!cut) continue;
      // Whole text available on hover: a long name shortened on purpose.
      const titled = el.closest('[title]') ?? el.querySelector('[title]');
      if (titled && (titled.getAttribute('title') ?? '').trim().length > 0) continue;
      problems.push(`cut (${el.scrollWidth} > ${el.clientWidth}): ${label(el)}`);
    }
    // Buttons that show one label (menu entries with a second line of detail are made to wrap).
    const oneLine = [
      '.btn',
      '.header-button',
      '.back-link',
      '.th-sort:not(.th-sort-wrap)',
      '.project-tab',
      '.plan-tab',
      '.floor-tab',
      '.badge',
      '.pager-status',
      '.pager-order',
      '.pager-size-label',
      '.toolbar-label',
      '.toolbar-check',
      '.statusbar-theme',
    ].join(',');
    for (const el of document.querySelectorAll<HTMLElement>(oneLine)) {
      if (!shown(el) || (el.textContent ?? '').trim() === '') continue;
      // Lines of text: the text's boxes grouped by their top edge (a badge beside a word is on the
      // same line when their tops differ by less than half the font size).
      const style = getComputedStyle(el);
      const fontSize = parseFloat(style.fontSize) || 13;
      const range = document.createRange();
      range.selectNodeContents(el);
      const tops = [...range.getClientRects()]
        .filter((r) => r.width > 0)
        .map((r) => r.top)
        .sort((a, b) => a - b);
      let lines = tops.length > 0 ? 1 : 0;
      for (let i = 1; i < tops.length; i++) if (tops[i]! - tops[i - 1]! > fontSize * 0.5) lines++;
      if (lines > 1) problems.push(`wraps over ${lines} lines: ${label(el)}`);
    }
    return [...new Set(problems)];
  });
}
