import { useEffect, useRef, useState } from 'react';
import type { ErrorValue } from '../../../../src-shared/errors/service-error';
import type { WorkspaceSettings } from '../../../../src-shared/workspaces/types';
import { call } from '../../api';
import { mapFieldErrors } from '../../errors/field-errors';
import type { MessageKey } from '../../i18n/messages';
import { checkWebhookUrl, WEBHOOK_FIELD_MAP } from './webhook';

/** What the settings dialog is doing: reading the settings, saving the address, clearing it. */
export type SettingsBusy = 'load' | 'save' | 'clear' | null;

/**
 * The workspace settings dialog's state (WorkspaceSettingsDialog.tsx): the settings read when it
 * opens (and on Retry), the webhook address typed, and its save or clear with their errors. `onClose`
 * is called once a save asked to close during it has succeeded.
 */
export function useWorkspaceSettings(onClose: () => void) {
  const [settings, setSettings] = useState<WorkspaceSettings | null>(null);
  const [loadError, setLoadError] = useState<ErrorValue | null>(null);
  const [url, setUrlValue] = useState('');
  const [clientError, setClientError] = useState<MessageKey | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<ErrorValue | null>(null);
  const [extra, setExtra] = useState<string[]>([]);
  const [busy, setBusy] = useState<SettingsBusy>('load');
  const [saved, setSaved] = useState<'saved' | 'cleared' | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  /** Close was asked for while saving: close once the save succeeded (a failure stays on screen). */
  const closeWhenSaved = useRef(false);
  const writing = busy === 'save' || busy === 'clear';

  const [attempt, setAttempt] = useState(0);

  // Read the settings when the dialog opens (it is remounted for another workspace) and on Retry.
  useEffect(() => {
    let live = true;
    void call((api) => api.getWorkspaceSettings()).then((res) => {
      if (!live) return;
      setBusy(null);
      if (res.ok) {
        setSettings(res.data);
        setUrlValue(res.data.webhookUrl ?? '');
      } else {
        setLoadError(res.error);
      }
    });
    return () => {
      live = false;
    };
  }, [attempt]);

  const reload = () => {
    setBusy('load');
    setLoadError(null);
    setAttempt((n) => n + 1);
  };

  const save = async (value: string | null) => {
    if (busy) return;
    setSaved(null);
    setError(null);
    setExtra([]);
    setFieldError(null);
    if (value !== null) {
      const problem = checkWebhookUrl(value);
      setClientError(problem);
      if (problem) return;
    } else {
      setClientError(null);
    }
    setBusy(value === null ? 'clear' : 'save');
    const res = await call((api) => api.setWebhookUrl({ url: value === null ? null : value.trim() }));
    setBusy(null);
    if (res.ok) {
      if (closeWhenSaved.current) {
        onClose();
        return;
      }
      setSettings(res.data);
      setUrlValue(res.data.webhookUrl ?? '');
      setSaved(res.data.webhookUrl ? 'saved' : 'cleared');
      // The button pressed may now be disabled (Clear): keep the focus in the dialog.
      inputRef.current?.focus();
      return;
    }
    closeWhenSaved.current = false;
    // The user declined main's confirmation (the address would receive the key): nothing changed.
    if (res.error.kind === 'cancelled') return;
    if (res.error.kind === 'validation' && res.error.fieldErrors) {
      const { fields, unmatched } = mapFieldErrors(res.error, WEBHOOK_FIELD_MAP);
      setFieldError(fields.webhookUrl ?? null);
      setExtra(unmatched);
      if (!fields.webhookUrl) setError(res.error);
    } else {
      setError(res.error);
    }
  };

  const requestClose = () => {
    if (writing) closeWhenSaved.current = true;
    else onClose();
  };

  /** The address typed: what was said about the one before no longer holds. */
  const setUrl = (value: string) => {
    setUrlValue(value);
    setClientError(null);
    setFieldError(null);
    setSaved(null);
  };

  return {
    settings,
    loadError,
    url,
    setUrl,
    /** The address's own problem: found before sending (a message key), or named by the service. */
    clientError,
    fieldError,
    error,
    extra,
    busy,
    saved,
    inputRef,
    writing,
    reload,
    save,
    requestClose,
  };
}
