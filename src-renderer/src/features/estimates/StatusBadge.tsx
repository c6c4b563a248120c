import { Badge } from '../../components/Badge';
import { useT } from '../../i18n/store';
import { statusLabelKey } from '../../../../src-shared/estimates/status';

/** The service's estimate status: known ones translated (final stands out), anything else as sent. */
export function StatusBadge({ status }: { status: string }) {
  const t = useT();
  const key = statusLabelKey(status);
  return <Badge tone={key === 'estimates.statusFinal' ? 'accent' : 'neutral'}>{key ? t(key) : status}</Badge>;
}
