import { describe, expect, it } from 'vitest';
import { terminalSafe } from '../../src-main/cli/terminal-text';
import { renderTable } from '../../src-main/cli/table';
import { keyValues } from '../../src-main/cli/commands/projects';

// Issue 10 (low): what the service names things must not reach a terminal as control sequences.

// eslint-disable-next-line no-control-regex
const ESCAPES = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

describe('terminalSafe', () => {
  it('removes CSI, OSC and other escape sequences whole, and C1 controls', () => {
    expect(terminalSafe('\u001b[2J\u001b[1;31mred\u001b[0m')).toBe('red');
    expect(terminalSafe('\u001b]0;pwned\u0007title')).toBe('title');
    expect(terminalSafe('\u001b]8;;https://evil.example\u001b\\link\u001b]8;;\u001b\\')).toBe('link');
    expect(terminalSafe('\u009b31mC1 CSI\u009d0;x\u009cok')).toBe('C1 CSIok');
    expect(terminalSafe('a\u001bcb\u001b(0c')).toBe('abc');
    expect(terminalSafe('bell\u0007 back\b space\u007f')).toBe('bell back space');
  });

  it('keeps the output’s own line breaks and tabs, or makes one line of a cell', () => {
    expect(terminalSafe('a\tb\nc\r\n')).toBe('a\tb\nc\n');
    expect(terminalSafe('a\tb\nc', { oneLine: true })).toBe('a b c');
  });

  it('leaves ordinary text alone', () => {
    expect(terminalSafe('Küche – 12,5 m² “Nord”')).toBe('Küche – 12,5 m² “Nord”');
  });
});

describe('what the CLI prints from the service', () => {
  const hostile = '\u001b]0;pwned\u0007\u001b[2J\u001b[31mKüche\u009b0m\nrewritten line';

  it('a table cell holds no escape and stays on its line', () => {
    const table = renderTable(['ID', 'Name'], [['p1', hostile]]);
    expect(table).not.toMatch(ESCAPES);
    expect(table.split('\n')).toHaveLength(3);
    expect(table).toContain('Küche rewritten line');
  });

  it('a "label value" line too', () => {
    const text = keyValues([['Name', hostile]]);
    expect(text).not.toMatch(ESCAPES);
    expect(text.split('\n')).toHaveLength(1);
  });
});
