import type { ErrorValue } from '../../../src-shared/errors/service-error';
import { useT } from '../i18n/store';
import { ErrorMessage } from './ErrorMessage';
import { Button } from './Button';
import { Notice } from './Notice';

export interface ErrorNoticeProps {
  error: ErrorValue;
  /** Loads again what failed. */
  onRetry: () => void;
  testId?: string;
  retryTestId?: string;
}

/** A load that failed, in the user's words, with a Retry button. */
export function ErrorNotice({ error, onRetry, testId, retryTestId }: ErrorNoticeProps) {
  const t = useT();
  return (
    <Notice
      tone="error"
      testId={testId}
      actions={
        <Button size="sm" onClick={onRetry} data-testid={retryTestId}>
          {t('common.retry')}
        </Button>
      }
    >
      <ErrorMessage error={error} />
    </Notice>
  );
}
