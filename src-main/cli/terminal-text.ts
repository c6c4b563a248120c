/**
 * Text from the service as the CLI prints it: a name holding ESC sequences could move the cursor,
 * rewrite earlier lines, change the window title or (in some terminals) worse. Removed: escape
 * sequences (CSI `ESC [ …`, OSC `ESC ] … BEL/ST`, other `ESC x`), C1 controls (their 8-bit CSI and OSC
 * forms included), and every other control character except the line breaks and tabs of the output
 * itself. Inside a table cell (`oneLine`), line breaks and tabs become spaces too.
 */
// eslint-disable-next-line no-control-regex
const OSC = /(?:\u001b\]|\u009d)[^\u0007\u001b\u009c]*(?:\u0007|\u001b\\|\u009c)?/g;
// eslint-disable-next-line no-control-regex
const CSI = /(?:\u001b\[|\u009b)[\u0030-\u003f]*[\u0020-\u002f]*[\u0040-\u007e]?/g;
// eslint-disable-next-line no-control-regex
const OTHER_ESCAPE = /\u001b[\u0020-\u002f]*[\u0030-\u007e]?/g;
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;
const LINE_BREAKS_AND_TABS = /[\t\n\r]+/g;

export function terminalSafe(text: string, options: { oneLine?: boolean } = {}): string {
  const clean = text.replace(OSC, '').replace(CSI, '').replace(OTHER_ESCAPE, '');
  const flat = options.oneLine ? clean.replace(LINE_BREAKS_AND_TABS, ' ') : clean.replace(/\r/g, '');
  return flat.replace(CONTROLS, '');
}
