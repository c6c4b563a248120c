import { writeFile } from 'node:fs/promises';

/**
 * Windows' "mark of the web": an alternate data stream `<file>:Zone.Identifier` saying the file came
 * from the Internet zone (3), so Windows and Office warn before running or editing it, as they do for
 * a browser's downloads. Other systems have no such mark that PlanDesk could set portably.
 */
export function zoneIdentifierText(sourceUrl: string | null): string {
  const lines = ['[ZoneTransfer]', 'ZoneId=3'];
  const host = hostUrl(sourceUrl);
  if (host) lines.push(`HostUrl=${host}`);
  return lines.join('\r\n') + '\r\n';
}

/**
 * The address as the mark records it: without query, fragment or user info (a presigned link's
 * signature stays out of the file system).
 */
function hostUrl(sourceUrl: string | null): string | null {
  if (!sourceUrl) return null;
  try {
    const u = new URL(sourceUrl);
    if (u.protocol !== 'https:' && u.protocol !== 'http:') return null;
    return `${u.origin}${u.pathname}`;
  } catch {
    return null;
  }
}

/**
 * Marks a downloaded file as coming from the Internet, where the system supports it (Windows, on a
 * volume with alternate streams). Never fails the download: a volume without streams (FAT) just
 * keeps the file unmarked.
 */
export async function markAsFromInternet(
  file: string,
  sourceUrl: string | null,
  platform: NodeJS.Platform = process.platform,
): Promise<boolean> {
  if (platform !== 'win32') return false;
  try {
    await writeFile(`${file}:Zone.Identifier`, zoneIdentifierText(sourceUrl));
    return true;
  } catch {
    return false;
  }
}
