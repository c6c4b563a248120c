import { useState } from 'react';
import { fileExtension } from '../../../src-shared/files/safe-file-name';
import { opensWithSystem } from '../../../src-shared/files/upload-types';
import type { ErrorValue } from '../../../src-shared/errors/service-error';
import { call } from '../api';
import { describeError } from '../errors/describe-error';
import { useLang, useT } from '../i18n/store';
import { Button } from './Button';

/** The file's name from a path of any system (the notice shows the whole path beside it). */
function baseName(path: string): string {
  return path.split(/[\\/]/).pop() ?? path;
}

/**
 * What to do with a file PlanDesk just saved (an export): "Open" for the types PlanDesk opens
 * itself, as for the project's files, and "Show in folder" for any. For a notice's actions.
 */
export function SavedFileActions({ path, testId }: { path: string; testId: string }) {
  const t = useT();
  const lang = useLang();
  const [error, setError] = useState<ErrorValue | null>(null);
  const [busy, setBusy] = useState<'open' | 'show' | null>(null);
  const run = async (what: 'open' | 'show') => {
    setBusy(what);
    setError(null);
    const res = await call((api) =>
      what === 'open' ? api.openSavedFile({ path }) : api.showSavedFileInFolder({ path }),
    );
    setBusy(null);
    if (!res.ok) setError(res.error);
  };
  return (
    <>
      {opensWithSystem(fileExtension(baseName(path))) && (
        <Button
          size="sm"
          busy={busy === 'open'}
          disabled={busy !== null}
          onClick={() => void run('open')}
          data-testid={`${testId}-open`}
        >
          {t('files.open')}
        </Button>
      )}
      <Button
        size="sm"
        busy={busy === 'show'}
        disabled={busy !== null}
        onClick={() => void run('show')}
        data-testid={`${testId}-show`}
      >
        {t('files.showInFolder')}
      </Button>
      {error && (
        <span className="saved-file-error" role="alert" data-testid={`${testId}-error`}>
          {describeError(error, lang)}
        </span>
      )}
    </>
  );
}
