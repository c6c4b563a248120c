import { CopyButton } from '../../components/CopyButton';
import { useT } from '../../i18n/store';
import './project.css';

export interface IdEntry {
  label: string;
  value: string | null;
  testId: string;
}

/**
 * The service's identifiers of a project (its id, its plan's id), folded away under "Details":
 * needed to talk to support or to script against the service, not to work with the project. Each
 * one can be copied.
 */
export function IdDetails({ ids }: { ids: IdEntry[] }) {
  const t = useT();
  const shown = ids.filter((e): e is IdEntry & { value: string } => Boolean(e.value));
  if (shown.length === 0) return null;
  return (
    <details className="id-details" data-testid="id-details">
      <summary>{t('plainProject.details')}</summary>
      <dl className="id-list">
        {shown.map((e) => (
          <div key={e.testId} className="id-entry">
            <dt>{e.label}</dt>
            <dd>
              <code className="mono id-value" data-testid={e.testId}>
                {e.value}
              </code>
              <CopyButton
                text={e.value}
                label={t('plainProject.copyWhat', { what: e.label })}
                testId={`${e.testId}-copy`}
              />
            </dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
