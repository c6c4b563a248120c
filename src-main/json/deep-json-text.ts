/**
 * JSON text for documents of any depth. JSON.stringify recurses and throws "Maximum call stack size
 * exceeded" somewhere past a few thousand levels, and an estimate's parent chain may be 20,000 deep.
 * This writer keeps its own stack. For ordinary depths its output is byte-identical to
 * JSON.stringify(value, null, indent); past `maxIndentDepth` levels the indentation stops growing, so
 * the text stays linear in the size of the document (it is still the same JSON value).
 */

interface Frame {
  close: ']' | '}';
  /** Object: [key, value] pairs; array: [null, value]. */
  entries: [string | null, unknown][];
  next: number;
  depth: number;
}

export interface JsonTextOptions {
  /** Spaces per level; 0 writes compact JSON. Default 2. */
  indent?: number;
  /** Levels beyond which the indentation stays the same. Default 32. */
  maxIndentDepth?: number;
}

export function deepJsonText(value: unknown, options: JsonTextOptions = {}): string {
  const indent = options.indent ?? 2;
  const maxIndentDepth = options.maxIndentDepth ?? 32;
  const pretty = indent > 0;
  const pads: string[] = [];
  const pad = (depth: number): string => {
    const d = Math.min(depth, maxIndentDepth);
    return (pads[d] ??= '\n' + ' '.repeat(d * indent));
  };
  const out: string[] = [];
  const stack: Frame[] = [];

  /** Writes a (prepared) primitive, or opens a container and pushes its frame. */
  const write = (v: unknown, depth: number): void => {
    if (v === null || typeof v !== 'object') {
      out.push(JSON.stringify(v));
      return;
    }
    const entries: [string | null, unknown][] = [];
    if (Array.isArray(v)) {
      // In arrays, what JSON leaves out is written as null.
      for (let i = 0; i < v.length; i++) entries.push([null, prepare(String(i), v[i]) ?? null]);
      out.push('[');
      stack.push({ close: ']', entries, next: 0, depth });
    } else {
      for (const k of Object.keys(v)) {
        const e = prepare(k, (v as Record<string, unknown>)[k]);
        if (e !== undefined) entries.push([k, e]);
      }
      out.push('{');
      stack.push({ close: '}', entries, next: 0, depth });
    }
  };

  const root = prepare('', value);
  if (root === undefined) return 'null';
  write(root, 0);
  while (stack.length > 0) {
    const frame = stack[stack.length - 1]!;
    if (frame.next >= frame.entries.length) {
      stack.pop();
      out.push(frame.entries.length > 0 && pretty ? pad(frame.depth) + frame.close : frame.close);
      continue;
    }
    const [key, v] = frame.entries[frame.next]!;
    if (frame.next > 0) out.push(',');
    frame.next += 1;
    if (pretty) out.push(pad(frame.depth + 1));
    if (key !== null) out.push(JSON.stringify(key) + (pretty ? ': ' : ':'));
    write(v, frame.depth + 1);
  }
  return out.join('');
}

/** What JSON.stringify would write for a value: toJSON applied; undefined for what it leaves out. */
function prepare(key: string, value: unknown): unknown {
  let v = value;
  if (v !== null && typeof v === 'object' && typeof (v as { toJSON?: unknown }).toJSON === 'function') {
    v = (v as { toJSON: (key: string) => unknown }).toJSON(key);
  }
  if (typeof v === 'function' || typeof v === 'symbol' || v === undefined) return undefined;
  // Boxed primitives are written as their value, as JSON.stringify does.
  if (v instanceof Number || v instanceof String || v instanceof Boolean) return v.valueOf();
  return v;
}
