/**
 * The XML reply the service expects from a webhook receiver: `<status>` (an integer) and an optional
 * `<message>` shown to the user in the app. The root element's name is not documented; the spec calls
 * it `PlanService` (a neutral name), so that is what PlanDesk writes, and when reading a reply it
 * finds `<status>` and `<message>` under whatever root there is.
 */

/** XML 1.0 allows tab, newline, carriage return and everything from U+0020 except these. */
const NOT_XML_CHAR =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

export function escapeXmlText(text: string): string {
  return text
    .replace(NOT_XML_CHAR, '\ufffd')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

export function replyXml(status: number, message: string | null): string {
  const body = message === null ? '' : `<message>${escapeXmlText(message)}</message>`;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<PlanService><status>${status}</status>${body}</PlanService>\n`;
}

/** The text of an element: CDATA as it is, entities resolved. */
export function decodeXmlText(raw: string): string {
  const cdata = /^\s*<!\[CDATA\[([\s\S]*?)\]\]>\s*$/.exec(raw);
  if (cdata) return cdata[1] as string;
  return raw.replace(/&(#x[0-9a-f]+|#\d+|lt|gt|amp|quot|apos);/gi, (whole, ent: string) => {
    const e = ent.toLowerCase();
    if (e === 'lt') return '<';
    if (e === 'gt') return '>';
    if (e === 'amp') return '&';
    if (e === 'quot') return '"';
    if (e === 'apos') return "'";
    const code = e.startsWith('#x') ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
    return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

export type ReplyReading =
  | { kind: 'not-xml'; detail: string }
  | { kind: 'no-status'; detail: string }
  | { kind: 'ok'; status: number; message: string | null };

// Markup that is not an element tag: declarations, comments, CDATA, processing instructions.
const NON_ELEMENT = /<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<![^>]*>/g;
const TAG = /<(\/?)([A-Za-z_][\w.:-]*)(?:\s[^<>]*?)?(\/?)>|</g;

/** Whether the text is one well-formed element tree (tags only; entities and attributes unchecked). */
function elementProblem(text: string): string | null {
  const body = text.replace(NON_ELEMENT, '');
  const open: string[] = [];
  let roots = 0;
  for (const m of body.matchAll(TAG)) {
    const [whole, closing, name, selfClosing] = m;
    if (whole === '<') return 'a "<" that starts no tag';
    if (open.length === 0) {
      if (closing) return `</${name}> closes nothing`;
      roots++;
      if (roots > 1) return 'more than one root element';
    }
    if (closing) {
      const top = open.pop();
      if (top !== name) return `</${name}> does not close <${top}>`;
      continue;
    }
    if (!selfClosing) open.push(name as string);
  }
  if (roots === 0) return 'no element';
  if (open.length > 0) return `<${open[open.length - 1]}> is never closed`;
  return null;
}

/** Reads a receiver's reply: not XML at all, XML without a usable `<status>`, or its status and message. */
export function readReply(raw: string): ReplyReading {
  const text = raw.replace(/^\ufeff/, '').trim();
  if (!text.startsWith('<')) {
    const start = text.slice(0, 60).replace(/\s+/g, ' ');
    return { kind: 'not-xml', detail: text ? `it starts with "${start}"` : 'the reply is empty' };
  }
  if (/^<!doctype\s+html/i.test(text) || /^<html[\s>]/i.test(text.replace(NON_ELEMENT, '').trim())) {
    return { kind: 'not-xml', detail: 'it is an HTML page' };
  }
  const problem = elementProblem(text);
  if (problem) return { kind: 'not-xml', detail: `not well-formed XML: ${problem}` };
  const status = /<status(?:\s[^>]*)?>([\s\S]*?)<\/status\s*>/.exec(text);
  if (!status) return { kind: 'no-status', detail: 'the XML has no <status> element' };
  const value = decodeXmlText(status[1] as string).trim();
  if (!/^-?\d+$/.test(value)) {
    return { kind: 'no-status', detail: `<status> holds "${value.slice(0, 40)}", not a whole number` };
  }
  const message = /<message(?:\s[^>]*)?>([\s\S]*?)<\/message\s*>/.exec(text);
  return {
    kind: 'ok',
    status: Number(value),
    message: message ? decodeXmlText(message[1] as string).trim() : null,
  };
}
