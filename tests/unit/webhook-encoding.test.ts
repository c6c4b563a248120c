import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decodeServiceForm,
  formEncode,
  MalformedForm,
  percentEncodeAll,
} from '../../src-shared/webhook/form-encoding';
import { maskKey, statusMeaning } from '../../src-shared/webhook/types';
import { fileKindOf, fileParams, readCall } from '../../src-main/webhook/project-updated';
import { escapeXmlText, readReply, replyXml } from '../../src-shared/webhook/reply-xml';
import { checkReceiverUrl, isLoopbackHost } from '../../src-main/webhook/test-sender';

const bytes = (s: string) => new TextEncoder().encode(s);

describe('the webhook body encoding', () => {
  it('writes every byte that is not an ASCII letter or digit as %HH, spaces and plus signs included', () => {
    expect(percentEncodeAll('Küche & Bad + ß 2.0 ~_-')).toBe(
      'K%C3%BCche%20%26%20Bad%20%2B%20%C3%9F%202%2E0%20%7E%5F%2D',
    );
    expect(percentEncodeAll('🏠')).toBe('%F0%9F%8F%A0');
  });

  it('reads back exactly what it writes, for any text', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.string({ unit: 'grapheme' }), fc.string({ unit: 'grapheme' }))),
        (pairs) => {
          const decoded = decodeServiceForm(bytes(formEncode(pairs)));
          expect(decoded.pairs).toEqual(pairs);
          expect(decoded.notes).toEqual([]);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('takes a raw "+" as a plus sign (the service writes a space as %20), and notes raw characters', () => {
    const d = decodeServiceForm(bytes('title=A+B%20C&x=a-b.c'));
    expect(d.pairs).toEqual([
      ['title', 'A+B C'],
      ['x', 'a-b.c'],
    ]);
    expect(d.notes).toEqual(['unescaped characters the service writes as %HH: + - . (taken as themselves)']);
  });

  it('reads lowercase hex, a name without "=", and empty parts, noting them', () => {
    const d = decodeServiceForm(bytes('a=%c3%a4&flag&&b='));
    expect(d.pairs).toEqual([
      ['a', 'ä'],
      ['flag', ''],
      ['b', ''],
    ]);
    expect(d.notes).toEqual([
      'parameter "flag" has no "=" (read as empty)',
      'empty parameter at byte 14 (ignored)',
    ]);
    expect(decodeServiceForm(new Uint8Array()).pairs).toEqual([]);
  });

  it('refuses a broken %-escape and bytes that are not UTF-8, saying where', () => {
    expect(() => decodeServiceForm(bytes('a=%4'))).toThrow(MalformedForm);
    expect(() => decodeServiceForm(bytes('a=%zz'))).toThrow(
      /"%" at byte 2 is not followed by two hexadecimal digits/,
    );
    expect(() => decodeServiceForm(bytes('title=%C3%28'))).toThrow(/the value of "title": not valid UTF-8/);
    expect(() => decodeServiceForm(bytes('%FF=1'))).toThrow(/parameter 1's name: not valid UTF-8/);
  });
});

describe('a received call, read for a person', () => {
  const at = new Date('2026-05-01T10:00:00.000Z');

  it('groups the file URLs by kind, each valid 60 minutes from arrival, and masks the key', () => {
    const call = readCall(
      [
        ['key', 'secret-key-123'],
        ['email', 'a@b.c'],
        ['title', 'T'],
        ['planid', 'p1'],
        ['project_id', 'pr1'],
        ['listing', 'CRM-1'],
        ['pdf', 'https://s/x.pdf'],
        ['jpg0', 'https://s/0.jpg'],
        ['jpg1', 'https://s/1.jpg'],
        ['dxf0', 'https://s/0.dxf'],
        ['IFC', 'https://s/m.ifc'],
        ['embedded', 'https://s/e'],
        ['note', 'hello'],
      ],
      at,
      false,
    );
    expect(call.fields.key).toBe(maskKey('secret-key-123'));
    expect(call.fields.key).not.toContain('secret');
    expect(call.listing).toBe('CRM-1');
    expect(Object.keys(call.files)).toEqual(['pdf', 'jpg', 'dxf', 'ifc', 'embedded']);
    expect(call.files.jpg).toEqual([
      { param: 'jpg0', url: 'https://s/0.jpg', expiresAt: '2026-05-01T11:00:00.000Z' },
      { param: 'jpg1', url: 'https://s/1.jpg', expiresAt: '2026-05-01T11:00:00.000Z' },
    ]);
    expect(call.fields.note).toBe('hello');
    expect(call.missing).toEqual([]);
    expect(readCall([['key', 'k']], at, true).fields.key).toBe('k');
  });

  it('names missing and repeated parameters, and takes "__proto__" as a name like any other', () => {
    const call = readCall(
      [
        ['title', 'x'],
        ['title', 'y'],
        ['__proto__', 'z'],
        ['email', ' '],
      ],
      at,
      false,
    );
    expect(call.missing).toEqual(['key', 'email', 'planid', 'project_id']);
    expect(call.repeated).toEqual(['title']);
    expect(call.fields.title).toBe('x');
    expect(Object.getOwnPropertyDescriptor(call.fields, '__proto__')?.value).toBe('z');
    expect(JSON.parse(JSON.stringify(call.fields))).toHaveProperty('__proto__', 'z');
  });

  it('knows the file parameters of the spec, and builds them from export files', () => {
    expect(['pdf', 'jpg12', 'PNG0', 'svg3', 'xml', 'html', 'usdz', 'obj'].map(fileKindOf)).toEqual([
      'pdf',
      'jpg',
      'png',
      'svg',
      'xml',
      'html',
      'usdz',
      'obj',
    ]);
    expect(['jpg', 'pdf0', 'title', 'dxfx'].map(fileKindOf)).toEqual([null, null, null, null]);
    expect(
      fileParams([
        { name: 'floor-2.jpg', file_type: 'jpg', url: 'u/j2' },
        { name: 'plan.xml', file_type: 'xml', url: 'u/x' },
        { name: 'floor-1.jpg', file_type: 'jpeg', url: 'u/j1' },
        { name: 'plan.pdf', file_type: 'pdf', url: 'u/p' },
        { name: 'notes.csv', file_type: 'csv', url: 'u/c' },
        { name: 'no-url.pdf', file_type: 'pdf', url: null },
      ]),
    ).toEqual([
      ['pdf', 'u/p'],
      ['jpg0', 'u/j1'],
      ['jpg1', 'u/j2'],
      ['xml', 'u/x'],
    ]);
  });
});

describe('the XML reply', () => {
  it('escapes the message and replaces characters XML cannot hold', () => {
    expect(replyXml(0, 'A & B <ok> "q" \'s\'')).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<PlanService><status>0</status><message>A &amp; B &lt;ok&gt; &quot;q&quot; &apos;s&apos;</message></PlanService>\n',
    );
    expect(escapeXmlText('bell\u0007 and lone \ud800 🏠')).toBe('bell\ufffd and lone \ufffd 🏠');
    expect(replyXml(18, null)).toContain('<PlanService><status>18</status></PlanService>');
  });

  it('reads back what it writes', () => {
    expect(readReply(replyXml(14, 'Ünknown <user> & co'))).toEqual({
      kind: 'ok',
      status: 14,
      message: 'Ünknown <user> & co',
    });
  });

  it('reads replies under any root, with CDATA and comments, and says what is wrong with the rest', () => {
    expect(
      readReply(
        '\ufeff<?xml version="1.0"?><!-- hi --><response><status> 2 </status><message><![CDATA[a < b]]></message></response>',
      ),
    ).toEqual({ kind: 'ok', status: 2, message: 'a < b' });
    expect(readReply('<r><status>0</status></r>')).toEqual({ kind: 'ok', status: 0, message: null });
    expect(readReply('{"status":0}')).toMatchObject({
      kind: 'not-xml',
      detail: 'it starts with "{"status":0}"',
    });
    expect(readReply('')).toMatchObject({ kind: 'not-xml', detail: 'the reply is empty' });
    expect(readReply('<!DOCTYPE html><html><body>Hi</body></html>')).toMatchObject({ kind: 'not-xml' });
    expect(readReply('<r><status>0</status>')).toMatchObject({
      kind: 'not-xml',
      detail: 'not well-formed XML: <r> is never closed',
    });
    expect(readReply('<a></b>')).toMatchObject({ kind: 'not-xml' });
    expect(readReply('<a/><b/>')).toMatchObject({
      kind: 'not-xml',
      detail: 'not well-formed XML: more than one root element',
    });
    expect(readReply('<ok/>')).toEqual({ kind: 'no-status', detail: 'the XML has no <status> element' });
    expect(readReply('<r><status>fine</status></r>')).toMatchObject({ kind: 'no-status' });
  });

  it('gives each documented status its meaning', () => {
    expect([0, 1, 2, 14, 18, 3].map(statusMeaning)).toEqual([
      'success',
      'invalid-key',
      'parameter',
      'user-unknown',
      'listing-unknown',
      'unknown',
    ]);
  });
});

describe('where a test call may go', () => {
  it('https anywhere, http only on this computer, never with a password in the address', () => {
    expect(checkReceiverUrl('https://hooks.example.com/x')).toBeNull();
    expect(checkReceiverUrl('http://127.0.0.1:8080/')).toBeNull();
    expect(checkReceiverUrl('http://localhost/')).toBeNull();
    expect(checkReceiverUrl('http://[::1]:9/')).toBeNull();
    expect(checkReceiverUrl('http://hooks.example.com/')).toMatchObject({ reason: 'not-https' });
    expect(checkReceiverUrl('http://127.0.0.1.example.com/')).toMatchObject({ reason: 'not-https' });
    expect(checkReceiverUrl('https://u:p@hooks.example.com/')).toMatchObject({ reason: 'bad-url' });
    expect(checkReceiverUrl('ftp://x/')).toMatchObject({ reason: 'bad-url' });
    expect(checkReceiverUrl('not a url')).toMatchObject({ reason: 'bad-url' });
    expect(isLoopbackHost('127.1.2.3')).toBe(true);
  });
});
