/**
 * The buffers a task's output can hand back without a copy: byte arrays that own their whole
 * ArrayBuffer (a view into a shared pool buffer is copied instead). Looked for a few levels deep,
 * where tasks put them (`{ cacheBody }`, `{ cacheBodies: [...] }`).
 */
const DEPTH = 3;

export function transferablesOf(value: unknown): ArrayBuffer[] {
  const found = new Set<ArrayBuffer>();
  const walk = (v: unknown, depth: number): void => {
    if (v === null || typeof v !== 'object') return;
    if (ArrayBuffer.isView(v)) {
      const buffer = v.buffer;
      if (buffer instanceof ArrayBuffer && v.byteOffset === 0 && v.byteLength === buffer.byteLength) {
        found.add(buffer);
      }
      return;
    }
    if (depth >= DEPTH) return;
    for (const child of Array.isArray(v) ? v : Object.values(v)) walk(child, depth + 1);
  };
  walk(value, 0);
  return [...found];
}

/**
 * The bytes in an ArrayBuffer of their own, ready to be moved to another thread: a view into a
 * larger buffer (Node's pool for small Buffers, a chunk of a bigger read) is copied, since moving
 * its buffer would take the rest of that buffer away from whoever else uses it.
 */
export function ownedBytes(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  const buffer = bytes.buffer;
  if (buffer instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === buffer.byteLength) {
    return bytes as Uint8Array<ArrayBuffer>;
  }
  return new Uint8Array(bytes);
}
