/**
 * The programs some tests need besides Node: independent readers for the exports, and setpriv to drop
 * root. In CI and under `npm test` (CI or PLANDESK_REQUIRE_TOOLS set) a missing one FAILS the tests
 * that need it, with the Debian package to install; elsewhere (a developer's `npx vitest run`) those
 * tests are skipped, with the reason in their name.
 */
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { describe, it } from 'vitest';

export interface ExternalTool {
  /** The command, as the install hint names it. */
  readonly name: string;
  /** Where it was found on PATH; null when it is not installed. */
  readonly path: string | null;
  readonly debianPackage: string;
}

function onPath(names: readonly string[]): string | null {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    for (const name of names) {
      const candidate = join(dir, name);
      try {
        accessSync(candidate, constants.X_OK);
        return candidate;
      } catch {
        // Not in this folder (or not executable): keep looking.
      }
    }
  }
  return null;
}

/** `names` are alternatives, the first one preferred (e.g. soffice, then libreoffice). */
export function externalTool(names: readonly [string, ...string[]], debianPackage: string): ExternalTool {
  return { name: names[0], path: onPath(names), debianPackage };
}

export const soffice = externalTool(['soffice', 'libreoffice'], 'libreoffice-calc-nogui');
export const pdftotext = externalTool(['pdftotext'], 'poppler-utils');
export const pdftoppm = externalTool(['pdftoppm'], 'poppler-utils');
export const unzip = externalTool(['unzip'], 'unzip');
export const setpriv = externalTool(['setpriv'], 'util-linux');
/** Debian's python3 with openpyxl (an independent xlsx reader); not a pyenv python. */
export const openpyxl: ExternalTool = {
  name: 'python3-openpyxl',
  path: hasOpenpyxl() ? '/usr/bin/python3' : null,
  debianPackage: 'python3-openpyxl',
};

function hasOpenpyxl(): boolean {
  try {
    accessSync('/usr/lib/python3/dist-packages/openpyxl/__init__.py', constants.R_OK);
    accessSync('/usr/bin/python3', constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
/** Makes a throwaway self-signed certificate for a receiver whose TLS must fail. */
export const openssl = externalTool(['openssl'], 'openssl');
export const unshare = externalTool(['unshare'], 'util-linux');
/** Build and read Linux packages (the packaging check's package reader). */
export const dpkgDeb = externalTool(['dpkg-deb'], 'dpkg');
export const rpmbuild = externalTool(['rpmbuild'], 'rpm');
export const rpm2cpio = externalTool(['rpm2cpio'], 'rpm');
export const cpio = externalTool(['cpio'], 'cpio');

function isSet(value: string | undefined): boolean {
  return value !== undefined && value !== '' && value !== '0' && value.toLowerCase() !== 'false';
}

/** True in CI and under `npm test`: there, nothing may be skipped for want of a program. */
export function toolsRequired(env: NodeJS.ProcessEnv = process.env): boolean {
  return isSet(env.CI) || isSet(env.PLANDESK_REQUIRE_TOOLS);
}

/** "pdftotext, pdftoppm not found on PATH; install them with: sudo apt-get install -y poppler-utils" */
export function missingToolsMessage(tools: readonly ExternalTool[]): string {
  const names = tools.map((t) => t.name).join(', ');
  const packages = [...new Set(tools.map((t) => t.debianPackage))].join(' ');
  return `${names} not found on PATH; install with: sudo apt-get install -y ${packages} (or run scripts/install-system-deps.sh)`;
}

/** The tool's path, or an error saying which Debian package provides it. */
export function toolPath(tool: ExternalTool): string {
  if (tool.path === null) throw new Error(missingToolsMessage([tool]));
  return tool.path;
}

/**
 * `describe(name, body)` for tests that run the given programs. When one is missing: where tools are
 * required, a single test fails with the install command (the body's tests are not registered; they
 * would only fail with less helpful errors); elsewhere the whole block is skipped, its name saying why.
 */
export function describeWithTools(name: string, tools: readonly ExternalTool[], body: () => void): void {
  const missing = tools.filter((t) => t.path === null);
  if (missing.length === 0) {
    describe(name, body);
  } else if (toolsRequired()) {
    describe(name, () => {
      it(`needs ${missing.map((t) => t.name).join(', ')}`, () => {
        throw new Error(missingToolsMessage(missing));
      });
    });
  } else {
    // Only outside `npm test` (which sets PLANDESK_REQUIRE_TOOLS and fails above instead): a developer
    // running one file without LibreOffice or poppler sees the block skipped, its name saying why.
    describe.skip(`${name} [skipped: ${missingToolsMessage(missing)}]`, body);
  }
}
