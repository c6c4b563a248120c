import type { ErrorValue } from '../../../src-shared/errors/service-error';
import { errorDetailOf, errorSummary } from '../errors/describe-error';
import { useLang, useT } from '../i18n/store';
import './ErrorMessage.css';

/**
 * An error in the user's language, with what the service itself said (in its own words, often
 * English) as a detail under it, marked as the service's: never mixed into the user's sentence.
 */
export function ErrorMessage({ error }: { error: ErrorValue }) {
  const t = useT();
  const lang = useLang();
  const detail = errorDetailOf(error);
  return (
    <>
      <span className="error-summary">{errorSummary(error, lang)}</span>
      {detail && (
        <span className="error-detail" data-testid="error-detail">
          {detail.fromService
            ? t('error.serviceSaid', { message: detail.text })
            : t('error.details', { message: detail.text })}
        </span>
      )}
    </>
  );
}
