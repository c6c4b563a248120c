import { useId, type ReactNode } from 'react';
import type { EstimateHeader as Header } from '../../../../src-shared/estimates/types';
import { formatDate, formatDateTime } from '../../i18n/format';
import { useLang, useT } from '../../i18n/store';
import { summarizeParty, type PartySummary } from './party';
import { StatusBadge } from './StatusBadge';
import { useEstimates } from './store';

function PartyBlock({ title, party, testId }: { title: string; party: PartySummary | null; testId: string }) {
  const t = useT();
  return (
    <section className="estimate-party" data-testid={testId} aria-label={title}>
      <h2 className="estimate-section-title">{title}</h2>
      {party ? (
        <div className="estimate-party-lines">
          {(party.name || party.company) && (
            <span className="estimate-party-name">{party.name ?? party.company}</span>
          )}
          {party.name && party.company && <span>{party.company}</span>}
          {party.address.map((line, i) => (
            <span key={i}>{line}</span>
          ))}
          {party.email && (
            <span>
              <span className="estimate-party-label">{t('estimate.email')}: </span>
              {party.email}
            </span>
          )}
          {party.phone && (
            <span>
              <span className="estimate-party-label">{t('estimate.phone')}: </span>
              {party.phone}
            </span>
          )}
          {party.website && (
            <span>
              <span className="estimate-party-label">{t('estimate.website')}: </span>
              {party.website}
            </span>
          )}
        </div>
      ) : (
        <span className="estimate-empty">{t('common.notSet')}</span>
      )}
    </section>
  );
}

/**
 * Everything the service says about the estimate except its items and totals. It folds to one line
 * (who the customer is, which project, the dates) so the items come first on a small screen; the
 * choice is remembered.
 */
export function EstimateHeader({ estimate }: { estimate: Header }) {
  const t = useT();
  const lang = useLang();
  const id = useId();
  const folded = useEstimates((s) => s.headerFolded);
  const toggle = useEstimates((s) => s.toggleHeader);
  const notSet = <span className="estimate-empty">{t('common.notSet')}</span>;
  const text = (value: string | null): ReactNode => value || notSet;
  const date = (value: string | null): ReactNode => formatDate(value, lang) || notSet;
  const dateTime = (value: string | null): ReactNode => formatDateTime(value, lang) || notSet;
  const customer = summarizeParty(estimate.customer);
  const project = summarizeParty(estimate.project);
  const summary = [
    [t('estimate.customer'), customer?.name ?? customer?.company],
    [t('estimate.project'), project?.name ?? project?.company],
    [t('estimate.issueDate'), formatDate(estimate.date_issue, lang)],
    [t('estimate.validUntil'), formatDate(estimate.date_valid_until, lang)],
  ].filter((part): part is [string, string] => Boolean(part[1]));

  return (
    <section
      className={`estimate-header-block${folded ? ' is-folded' : ''}`}
      data-testid="estimate-header"
      aria-label={t('estimate.details')}
    >
      <div className="estimate-header-bar">
        <button
          type="button"
          className={`estimate-header-toggle${folded ? '' : ' is-expanded'}`}
          aria-expanded={!folded}
          aria-controls={`${id}-details`}
          onClick={toggle}
          data-testid="estimate-header-toggle"
        >
          {folded ? t('estimate.showDetails') : t('estimate.hideDetails')}
        </button>
        {folded && summary.length > 0 && (
          <dl className="estimate-header-summary" data-testid="estimate-header-summary">
            {summary.map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd title={value}>{value}</dd>
              </div>
            ))}
          </dl>
        )}
      </div>
      {!folded && (
        <div id={`${id}-details`} className="estimate-header">
          <div className="estimate-facts">
            <h2 className="estimate-section-title">{t('estimate.details')}</h2>
            <dl className="estimate-dl">
              <dt>{t('estimates.colNumber')}</dt>
              <dd className="mono">{text(estimate.unique_identifier)}</dd>
              <dt>{t('projects.colStatus')}</dt>
              <dd>{estimate.status ? <StatusBadge status={estimate.status} /> : notSet}</dd>
              <dt>{t('estimate.currency')}</dt>
              <dd className="mono">{text(estimate.currency)}</dd>
              <dt>{t('estimate.issueDate')}</dt>
              <dd>{date(estimate.date_issue)}</dd>
              <dt>{t('estimate.validUntil')}</dt>
              <dd>{date(estimate.date_valid_until)}</dd>
              <dt>{t('detail.created')}</dt>
              <dd>{dateTime(estimate.created)}</dd>
              <dt>{t('estimate.creator')}</dt>
              <dd>{text(estimate.creator)}</dd>
              <dt>{t('detail.modified')}</dt>
              <dd>{dateTime(estimate.modified)}</dd>
              <dt>{t('estimate.modifier')}</dt>
              <dd>{text(estimate.last_modifier)}</dd>
            </dl>
          </div>
          <PartyBlock title={t('estimate.customer')} party={customer} testId="estimate-customer" />
          <PartyBlock
            title={t('estimate.company')}
            party={summarizeParty(estimate.company)}
            testId="estimate-company"
          />
          <PartyBlock title={t('estimate.project')} party={project} testId="estimate-project" />
        </div>
      )}
    </section>
  );
}
