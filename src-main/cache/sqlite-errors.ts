/** SQLite's errors as codes and one-line descriptions for the log. */
export function sqliteCode(err: unknown): string {
  const code = (err as { code?: unknown })?.code;
  return typeof code === 'string' ? code : '';
}

export function describe(err: unknown): string {
  const code = sqliteCode(err);
  const msg = err instanceof Error ? err.message : String(err);
  return code ? `${code}: ${msg}` : msg;
}
