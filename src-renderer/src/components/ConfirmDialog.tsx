import { useState, type ReactNode } from 'react';
import { useT } from '../i18n/store';
import { Button } from './Button';
import { Dialog } from './Dialog';

export interface ConfirmDialogProps {
  title: ReactNode;
  children: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  /** Runs on confirm; the dialog shows busy meanwhile. Return a message to keep it open with it. */
  onConfirm: () => Promise<ReactNode | null | void> | void;
  onClose: () => void;
}

/** "Are you sure?" with the consequence spelled out. Confirm is `confirm-ok`, cancel `confirm-cancel`. */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  danger = false,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ReactNode>(null);

  const confirm = async () => {
    setBusy(true);
    setError(null);
    const problem = await onConfirm();
    setBusy(false);
    if (problem) setError(problem);
    else onClose();
  };

  return (
    <Dialog
      title={title}
      onClose={onClose}
      busy={busy}
      size="sm"
      role="alertdialog"
      error={error}
      testId="confirm-dialog"
      onSubmit={() => void confirm()}
      footer={
        <>
          <Button
            onClick={onClose}
            disabled={busy}
            data-testid="confirm-cancel"
            data-autofocus={danger || undefined}
          >
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            variant={danger ? 'danger' : 'primary'}
            busy={busy}
            data-testid="confirm-ok"
            data-autofocus={!danger || undefined}
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}
