/**
 * What the PDF libraries load as a thread starts but a PlanDesk document never or rarely needs,
 * loaded on first use instead; and one decoder whose start is slow JavaScript, given Node's own. In a
 * CLI export, where a new thread loads pdfmake for each document, this was about a third of loading
 * the export thread's script:
 * - brotli's decoder (fontkit's, for WOFF2 fonts; PlanDesk embeds TrueType ones) and pdfkit's ciphers
 *   and hashes (`@noble/…`, for encrypted PDFs, which PlanDesk does not write) load when a function
 *   of theirs is first called; so do zod's messages in other languages than English (its `locales`:
 *   PlanDesk words zod's errors itself);
 * - tiny-inflate, a raw-deflate decoder in JavaScript, which unicode-trie runs over the data tables
 *   of unicode-properties, fontkit and linebreak as they load (and fontkit over a WOFF font's tables),
 *   is zlib's inflateRaw instead: the same bytes out, in native code. Data that inflates to more
 *   than the space its caller gave is refused (tiny-inflate would have cut it short silently).
 * Installed by the thread entry (thread-entry.ts) before a script loads. The libraries are the same
 * ones; only when each part loads changes.
 */
import Module from 'node:module';
import { inflateRawSync } from 'node:zlib';

type Load = (request: string, parent: unknown, isMain: boolean) => unknown;

/** Loaded when a function of theirs is first called: each exports functions only. */
const ON_FIRST_CALL = /^(?:brotli\/decompress\.js|@noble\/(?:ciphers|hashes)\/[\w./-]+)$/;
/** zod's locales, as zod requires them: an ES module compiled to CommonJS (`__esModule`). */
const ZOD_LOCALES = '../locales/index.cjs';
const IN_ZOD = /[\\/]node_modules[\\/]zod[\\/]/;

let installed = false;

export function deferLibraries(): void {
  if (installed) return;
  installed = true;
  const loader = Module as unknown as { _load: Load };
  const load = loader._load;
  loader._load = function (request, parent, isMain) {
    if (request === 'tiny-inflate') return inflateRaw;
    if (ON_FIRST_CALL.test(request)) return onFirstCall(() => load.call(Module, request, parent, false));
    if (request === ZOD_LOCALES && IN_ZOD.test((parent as { filename?: string } | null)?.filename ?? ''))
      return onFirstCall(() => load.call(Module, request, parent, false), { esModule: true });
    return load.call(this, request, parent, isMain);
  };
}

/** tiny-inflate's function: `source` inflated into `dest`, or into the start of it (a slice) if shorter. */
export function inflateRaw(source: Uint8Array, dest: Uint8Array): Uint8Array {
  const out = inflateRawSync(source, { maxOutputLength: Math.max(dest.length, 1) });
  dest.set(out);
  return out.length < dest.length ? dest.slice(0, out.length) : dest;
}

/**
 * A stand-in for a module of functions (or one function) that loads it at the first call. A library
 * reads its functions when it calls them (`aes.cbc(…)`), so it never sees the difference; one that
 * reads them as it loads loads the module then, as before.
 */
export function onFirstCall(
  loadModule: () => unknown,
  /** Known to be an ES module compiled to CommonJS: interop helpers ask it as they load it. */
  { esModule = false } = {},
): unknown {
  let loaded: unknown;
  const real = (): Record<PropertyKey, unknown> => (loaded ??= loadModule()) as Record<PropertyKey, unknown>;
  // An arrow function: callable (brotli's module is one function), with no property a proxy must keep.
  const target = (...args: unknown[]): unknown =>
    (real() as unknown as (...a: unknown[]) => unknown)(...args);
  return new Proxy(target, {
    get: (_t, key) => (esModule && key === '__esModule' ? true : real()[key]),
    has: (_t, key) => key in real(),
    ownKeys: () => Reflect.ownKeys(real()),
    getOwnPropertyDescriptor: (_t, key) => {
      const d = Reflect.getOwnPropertyDescriptor(real(), key);
      // A proxy may not report a property its target lacks as unconfigurable.
      return d ? { ...d, configurable: true } : undefined;
    },
  });
}
