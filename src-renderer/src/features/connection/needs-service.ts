import { useT } from '../../i18n/store';
import { useConnection } from './store';

/**
 * For an action that only the service can do (create, archive, keep offline, delete, save a form):
 * while the header says the service cannot be reached, it is disabled and says why (its tooltip and
 * accessible description). Spread into a Button: `<Button {...needsService} …>`; combine `disabled`
 * with the action's own conditions.
 */
export function useNeedsService(): { disabled: boolean; title: string | undefined } {
  const t = useT();
  const offline = useConnection((s) => s.status?.state === 'offline');
  return offline
    ? { disabled: true, title: t('offline.needsService') }
    : { disabled: false, title: undefined };
}
