import { describe, expect, it } from 'vitest';
import {
  hasHiddenCharacters,
  hiddenCharactersMarked,
  jsonWithHiddenCharactersEscaped,
  withoutHiddenCharacters,
} from '../../src-shared/text/hidden-characters';
import { renderTable } from '../../src-main/cli/table';
import { keyValues } from '../../src-main/cli/commands/projects';
import { displayFileName, safeFileName } from '../../src-shared/files/safe-file-name';

// Issues 10 and 23: what the service names things must not reach a terminal, a file name or a dialog
// as a control sequence or a bidirectional override. One function does it for all of them.

// eslint-disable-next-line no-control-regex
const ESCAPES = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;
const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

describe('withoutHiddenCharacters', () => {
  it('removes CSI, OSC and other escape sequences whole, and C1 controls', () => {
    const keep = { keepLines: true };
    expect(withoutHiddenCharacters('\u001b[2J\u001b[1;31mred\u001b[0m', keep)).toBe('red');
    expect(withoutHiddenCharacters('\u001b]0;pwned\u0007title', keep)).toBe('title');
    expect(withoutHiddenCharacters('\u001b]8;;https://evil.example\u001b\\link\u001b]8;;\u001b\\')).toBe(
      'link',
    );
    expect(withoutHiddenCharacters('\u009b31mC1 CSI\u009d0;x\u009cok')).toBe('C1 CSIok');
    expect(withoutHiddenCharacters('a\u001bcb\u001b(0c')).toBe('abc');
    expect(withoutHiddenCharacters('bell\u0007 back\b space\u007f')).toBe('bell back space');
  });

  it('removes every bidirectional mark, embedding, override and isolate', () => {
    expect(withoutHiddenCharacters('Rechnung\u202efdp.exe')).toBe('Rechnungfdp.exe');
    const all = '\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069';
    expect(withoutHiddenCharacters(`a${all}b`)).toBe('ab');
    expect(withoutHiddenCharacters(`a${all}b`, { keepLines: true })).toBe('ab');
  });

  it('keeps the text’s own line feeds and tabs when asked, else makes one line of it', () => {
    expect(withoutHiddenCharacters('a\tb\nc\r\n', { keepLines: true })).toBe('a\tb\nc\n');
    expect(withoutHiddenCharacters('a\tb\nc')).toBe('a b c');
    expect(withoutHiddenCharacters('a\r\nb')).toBe('a b');
  });

  it('removes the invisible format characters, tag characters included; keeps the joiners of scripts and emoji', () => {
    expect(withoutHiddenCharacters('Kü\u200bche\u00ad\ufeff\u2060')).toBe('Küche');
    // "Bad" with a hidden "IGNORE" written in tag characters after it.
    const tags = [...'IGNORE'].map((c) => String.fromCodePoint(0xe0000 + c.charCodeAt(0))).join('');
    expect(withoutHiddenCharacters(`Bad${tags}\u{e007f}`)).toBe('Bad');
    expect(withoutHiddenCharacters(`Bad${tags}`, { keepLines: true })).toBe('Bad');
    expect(withoutHiddenCharacters('👩\u200d🔧 کتاب\u200cخانه')).toBe('👩\u200d🔧 کتاب\u200cخانه');
  });

  it('leaves ordinary text alone, right-to-left scripts included', () => {
    expect(withoutHiddenCharacters('Küche – 12,5 m² “Nord”')).toBe('Küche – 12,5 m² “Nord”');
    expect(withoutHiddenCharacters('مطبخ 12 م²')).toBe('مطبخ 12 م²');
  });
});

describe('names that are never compared, and how they are shown', () => {
  it('a name with any hidden character (the joiners too) is not fit to compare; layout is', () => {
    for (const hidden of [
      'Kü\u0000che',
      'Bad\u202e',
      'Bad\u{e0041}',
      'Kü\u200dche',
      'Kü\u200bche',
      'x\u0085',
    ]) {
      expect(hasHiddenCharacters(hidden), JSON.stringify(hidden)).toBe(true);
    }
    for (const plain of ['Küche', 'Salle de bain', 'Bad\tOG', 'Bad\nOG', 'مطبخ']) {
      expect(hasHiddenCharacters(plain), JSON.stringify(plain)).toBe(false);
    }
  });

  it('marks each hidden character as U+FFFD and keeps the text on one line', () => {
    expect(hiddenCharactersMarked('Kü\u200bche\u001b[31m')).toBe('Kü\ufffdche\ufffd[31m');
    expect(hiddenCharactersMarked('Bad\u{e0041}\u{e0042}')).toBe('Bad\ufffd\ufffd');
    expect(hiddenCharactersMarked('a\r\n\tb\u2028c')).toBe('a b c');
  });
});

describe('jsonWithHiddenCharactersEscaped', () => {
  it('writes hidden characters as escapes: the same data, nothing a terminal acts on', () => {
    const value = { name: 'Rechnung\u202efdp.exe', note: 'a\u009b31m\u2028b', n: 1 };
    const text = jsonWithHiddenCharactersEscaped(JSON.stringify(value, null, 2));
    expect(text).not.toMatch(BIDI);
    expect(text).not.toMatch(ESCAPES);
    expect(text).toContain('Rechnung\\u202efdp.exe');
    expect(JSON.parse(text)).toEqual(value);
    expect(text.split('\n')).toHaveLength(5);
    // A tag character: both halves of its pair as escapes, the same string once parsed.
    const tagged = jsonWithHiddenCharactersEscaped(JSON.stringify({ name: 'Bad\u{e0041}' }));
    expect(tagged).toBe('{"name":"Bad\\udb40\\udc41"}');
    expect(JSON.parse(tagged)).toEqual({ name: 'Bad\u{e0041}' });
  });
});

describe('every place a service string is shown or written', () => {
  const hostile = '\u001b]0;pwned\u0007\u001b[2J\u001b[31mKüche\u009b0m\u202e\nrewritten line';

  it('a table cell holds no escape or override and stays on its line', () => {
    const table = renderTable(['ID', 'Name'], [['p1', hostile]]);
    expect(table).not.toMatch(ESCAPES);
    expect(table).not.toMatch(BIDI);
    expect(table.split('\n')).toHaveLength(3);
    expect(table).toContain('Küche rewritten line');
  });

  it('a "label value" line too', () => {
    const text = keyValues([['Name', hostile]]);
    expect(text).not.toMatch(ESCAPES);
    expect(text).not.toMatch(BIDI);
    expect(text.split('\n')).toHaveLength(1);
  });

  it('a file name and a name on screen', () => {
    expect(safeFileName('Rechnung\u202efdp.exe')).toBe('Rechnungfdp.exe');
    expect(displayFileName(hostile)).toBe('Küche rewritten line');
  });
});
