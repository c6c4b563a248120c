import { useState } from 'react';
import type { VersionRow } from '../../../../src-shared/versions/types';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { Field } from '../../components/Field';
import { useT } from '../../i18n/store';
import { useVersions } from './store';

/** Names a version ("sent to client 12 May"); a named version is pinned unless the user says not. */
export function NameVersionDialog({ version, onClose }: { version: VersionRow; onClose: () => void }) {
  const t = useT();
  const [name, setName] = useState(version.name ?? '');
  const [pinned, setPinned] = useState(version.name === null ? true : version.pinned);
  const [busy, setBusy] = useState(false);

  const save = async (value: string | null) => {
    setBusy(true);
    const ok = await useVersions
      .getState()
      .label(version.id, value, value === null ? version.pinned : pinned);
    setBusy(false);
    if (ok) onClose();
  };

  return (
    <Dialog
      title={t('versions.nameTitle', { seq: version.seq })}
      onClose={onClose}
      onSubmit={() => void save(name.trim() || null)}
      busy={busy}
      size="sm"
      testId="version-name-dialog"
      footer={
        <>
          {version.name !== null && (
            <Button variant="ghost" onClick={() => void save(null)} disabled={busy}>
              {t('versions.clearName')}
            </Button>
          )}
          <Button onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="primary" busy={busy} data-testid="version-name-save">
            {t('versions.save')}
          </Button>
        </>
      }
    >
      <Field label={t('versions.nameLabel')} name="version-name">
        {(p) => (
          <input
            {...p}
            className="input"
            value={name}
            maxLength={120}
            placeholder={t('versions.namePlaceholder')}
            onChange={(e) => setName(e.target.value)}
            disabled={busy}
            data-testid="version-name-input"
            data-autofocus
          />
        )}
      </Field>
      <label className="export-choice">
        <input
          type="checkbox"
          checked={pinned}
          onChange={(e) => setPinned(e.target.checked)}
          disabled={busy}
          data-testid="version-name-pin"
        />
        {t('versions.keep')}
      </label>
    </Dialog>
  );
}
