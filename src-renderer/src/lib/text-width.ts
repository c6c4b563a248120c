/**
 * How wide a text is in the page's font (px), measured on a canvas: for columns that must fit their
 * header's words or their widest figure whatever the language. `weight` and `size` as in CSS.
 */
let context: CanvasRenderingContext2D | null | undefined;

export function textWidth(text: string, weight: number, sizePx: number, monospace = false): number {
  if (context === undefined) {
    context = typeof document !== 'undefined' ? document.createElement('canvas').getContext('2d') : null;
  }
  if (!context) return 0;
  const style = getComputedStyle(document.body);
  const family = monospace
    ? style.getPropertyValue('--font-mono').trim() || 'monospace'
    : style.fontFamily || 'sans-serif';
  context.font = `${weight} ${sizePx}px ${family}`;
  return context.measureText(text).width;
}
