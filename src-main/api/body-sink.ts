/**
 * Where an answer's body goes as it arrives, chunk by chunk, instead of being read into text on the
 * calling thread: a large estimate is handed to a worker while it downloads (see src-main/workers).
 */
export interface BodySink {
  /**
   * An attempt's body starts; `declaredBytes` is its Content-Length (null when not sent). What an
   * earlier attempt delivered is dropped: the transport retries a body that broke off.
   */
  begin(declaredBytes: number | null): void;
  push(chunk: Uint8Array): void;
  /** The body is complete (and its status a success). */
  end(): void;
}

/** The Content-Length an answer declares, when it is a plain number. */
export function declaredLength(headers: { get(name: string): string | null }): number | null {
  const value = headers.get('content-length');
  if (value === null || !/^\d{1,15}$/.test(value.trim())) return null;
  return Number(value);
}
