import { describeError } from '../errors/describe-error';
import type { ErrorValue } from '../../../src-shared/errors/service-error';
import { useLang, useT } from '../i18n/store';
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
  const lang = useLang();
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
      {describeError(error, lang)}
    </Notice>
  );
}
