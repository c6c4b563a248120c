import { Badge } from '../../components/Badge';
import { useT } from '../../i18n/store';

/** The service's estimate status: draft and final translated, anything else as sent. */
export function StatusBadge({ status }: { status: string }) {
  const t = useT();
  const known = status.trim().toLowerCase();
  if (known === 'draft') return <Badge tone="neutral">{t('estimates.statusDraft')}</Badge>;
  if (known === 'final') return <Badge tone="accent">{t('estimates.statusFinal')}</Badge>;
  return <Badge tone="neutral">{status}</Badge>;
}
