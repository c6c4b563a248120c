// Types of scripts/check-release.mjs for the tests that import it.
export const OSES: readonly ['win', 'mac', 'linux'];
export type Os = (typeof OSES)[number];

export interface ExpectedFile {
  name: string;
  os: Os;
  /** Listed in the OS's update feed. */
  inFeed: boolean;
  blockmap: 'file' | 'embedded' | null;
}

export interface ExpectedRelease {
  version: string;
  files: ExpectedFile[];
  feeds: string[];
}

export function loadConfig(file?: string): unknown;
export function expectedRelease(config: unknown, version: string, oses?: readonly Os[]): ExpectedRelease;
export function checkRelease(
  folder: string,
  options: { config?: unknown; version: string; oses?: readonly Os[] },
): { expected: ExpectedRelease; problems: string[] };
