/** The names a save dialog suggests for exports, each made by the one rule for file names (safeFileName). */
import type { EstimateLabel } from '../../src-shared/estimates/types';
import { safeFileName } from '../../src-shared/files/safe-file-name';
import { translator } from '../../src-shared/i18n/catalogue';
import type { UiLanguage } from '../../src-shared/i18n/languages';

/** "E202600017 Küche Weiß.xlsx": the number and name (the project's for a workbook of all), made safe. */
export function estimatesFileName(
  labels: readonly EstimateLabel[],
  req: { estimateId?: string | undefined; format: 'xlsx' | 'pdf' },
): string {
  const first = labels[0];
  const base =
    req.estimateId && first
      ? [first.uniqueIdentifier, first.name].filter(Boolean).join(' ')
      : `${first?.projectName ?? 'Project'} estimates`;
  return safeFileName(`${base}.${req.format}`, `Estimate.${req.format}`);
}

/** "Change order E202600017 Küche.pdf", in the document's language. */
export function changeOrderFileName(
  to: { uniqueIdentifier: string | null; estimateName: string },
  format: 'pdf' | 'xlsx',
  language: UiLanguage,
): string {
  const base = [translator(language)('doc.changeOrder'), to.uniqueIdentifier, to.estimateName]
    .filter(Boolean)
    .join(' ');
  return safeFileName(`${base}.${format}`, `Change order.${format}`);
}

/** "Erdgeschoss Räume.csv": the plan's name and the word for its rooms, in the document's language. */
export function roomsFileName(planName: string | null, format: 'xlsx' | 'csv', language: UiLanguage): string {
  return safeFileName(
    `${planName ?? 'Plan'} ${translator(language)('plan.rooms')}.${format}`,
    `Plan rooms.${format}`,
  );
}
