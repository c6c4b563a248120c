import { Badge } from '../../components/Badge';
import { onRowKeyDown } from '../../components/row-keys';
import { Table } from '../../components/Table';
import { formatDate, formatDateTime } from '../../i18n/format';
import { useLang, useT } from '../../i18n/store';
import { useContextLabel } from './contexts';
import { useForms } from './store';

/** The workspace's forms: name, contexts, number of questions, last change. A row opens its form. */
export function FormsTable() {
  const t = useT();
  const lang = useLang();
  const list = useForms((s) => s.list);
  const loading = useForms((s) => s.listLoading);
  const openId = useForms((s) => s.editor?.id ?? s.opening);
  const contextLabel = useContextLabel(list?.capabilities.contextOptions ?? null);
  const forms = list?.forms ?? [];
  const open = (id: string) => void useForms.getState().openForm(id);

  return (
    <Table label={t('forms.tableLabel')} testId="forms-table" busy={loading && list !== null}>
      <thead>
        <tr>
          <th scope="col" className="col-form-name">
            {t('forms.colName')}
          </th>
          <th scope="col" className="col-form-contexts">
            {t('forms.colContexts')}
          </th>
          <th scope="col" className="col-form-count num">
            {t('forms.colQuestions')}
          </th>
          <th scope="col" className="col-form-date">
            {t('forms.colModified')}
          </th>
        </tr>
      </thead>
      <tbody>
        {list === null && (
          <tr className="table-message">
            <td colSpan={4}>{loading ? t('forms.loading') : ''}</td>
          </tr>
        )}
        {list !== null && forms.length === 0 && (
          <tr className="table-message">
            <td colSpan={4} data-testid="forms-empty">
              {t('forms.empty')}
            </td>
          </tr>
        )}
        {forms.map((f) => (
          <tr
            key={f.id}
            className={`form-row${f.id === openId ? ' is-selected' : ''}`}
            tabIndex={0}
            aria-selected={f.id === openId}
            onClick={() => open(f.id)}
            onKeyDown={(e) => onRowKeyDown(e, { activate: () => open(f.id) })}
            data-testid={`form-row-${f.id}`}
          >
            <td className="cell-name">
              <span className="form-name-line">
                <span className="form-name-text" title={f.name}>
                  {f.name || <span className="cell-empty">{t('forms.unnamed')}</span>}
                </span>
                {f.published !== null && (
                  <Badge tone={f.published ? 'accent' : 'neutral'}>
                    {f.published ? t('forms.published') : t('forms.notPublished')}
                  </Badge>
                )}
              </span>
            </td>
            <td className="col-form-contexts cell-contexts">
              {f.contexts.map((c) => (
                <span key={c} className="context-chip">
                  {contextLabel(c)}
                </span>
              ))}
            </td>
            <td className="num" data-testid={`form-questions-${f.id}`}>
              {f.questions}
            </td>
            <td title={formatDateTime(f.modified, lang)}>
              {formatDate(f.modified, lang) || <span className="cell-empty">—</span>}
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
