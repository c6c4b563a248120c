/**
 * Electron's `protocol` module as the packaged main uses it, for the stand-in `electron`
 * (electron-stand-in.ts): schemes registered as privileged (and whether the app was ready yet: it
 * must not be), and the handlers `protocol.handle` installs, which answer the window's page load and
 * the page's requests as Chromium would pass them on.
 */

/** What a scheme's handler answered (the body as text). */
export interface SchemeAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface SchemeRecording {
  /** protocol.registerSchemesAsPrivileged, with whether the app was ready yet (it must not be). */
  privilegedSchemes: { scheme: string; privileges: Record<string, unknown>; whenReady: boolean }[];
  /** The schemes protocol.handle answers. */
  handledSchemes: string[];
}

type SchemeHandler = (request: Request) => Response | Promise<Response>;

const schemeOf = (url: string) => new URL(url).protocol.replace(/:$/, '');

export function standInProtocol(recording: SchemeRecording, isReady: () => boolean) {
  const handlers = new Map<string, SchemeHandler>();
  return {
    protocol: {
      registerSchemesAsPrivileged: (schemes: { scheme: string; privileges?: Record<string, unknown> }[]) => {
        for (const { scheme, privileges } of schemes)
          recording.privilegedSchemes.push({ scheme, privileges: { ...privileges }, whenReady: isReady() });
      },
      handle: (scheme: string, handler: SchemeHandler) => {
        if (!isReady()) throw new Error('protocol.handle is only available once the app is ready');
        recording.handledSchemes.push(scheme);
        handlers.set(scheme, handler);
      },
    },
    /** Whether main handles the scheme of `url`. */
    handles: (url: string): boolean => handlers.has(schemeOf(url)),
    /** Electron hands a scheme's handler a Request; what it answers is read here whole. */
    ask: async (url: string, method = 'GET'): Promise<SchemeAnswer> => {
      const handler = handlers.get(schemeOf(url));
      if (!handler) throw new Error(`no handler for ${url}: net::ERR_UNKNOWN_URL_SCHEME`);
      const res = await handler(new Request(url, { method }));
      return { status: res.status, headers: Object.fromEntries(res.headers), body: await res.text() };
    },
  };
}
