import { useEffect, useState } from 'react';
import type { VersionRow } from '../../../../src-shared/versions/types';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { describeError } from '../../errors/describe-error';
import { useLang, useT } from '../../i18n/store';
import { formatFileSize } from '../files/file-size';
import { NameVersionDialog } from './NameVersionDialog';
import { VersionItem } from './VersionItem';
import { useVersions } from './store';
import './versions.css';

/**
 * An estimate's timeline: every version PlanDesk fetched, newest first, with when it was fetched and
 * changed in the service, its size and totals, and which is current and which the user saw last.
 * Versions can be named ("sent to client 12 May"), pinned, compared with the current one, or two
 * ticked and compared with each other.
 */
export function VersionsDialog({
  projectId,
  estimateId,
  onClose,
}: {
  projectId: string;
  estimateId: string;
  onClose: () => void;
}) {
  const t = useT();
  const lang = useLang();
  const timeline = useVersions((s) => s.timeline);
  const loading = useVersions((s) => s.timelineLoading);
  const error = useVersions((s) => s.timelineError);
  const [picked, setPicked] = useState<number[]>([]);
  const [naming, setNaming] = useState<VersionRow | null>(null);
  const store = useVersions.getState;

  useEffect(() => {
    void store().loadTimeline(projectId, estimateId);
    return () => store().closeTimeline();
  }, [projectId, estimateId, store]);

  const data = timeline && timeline.estimateId === estimateId ? timeline : null;
  const versions = data?.versions ?? [];
  const current = versions.find((v) => v.current);
  const bytes = versions.reduce((sum, v) => sum + v.bytes, 0);

  const compare = (from: VersionRow, to: VersionRow) => {
    const [older, newer] = from.seq < to.seq ? [from, to] : [to, from];
    void store().compare({
      projectId,
      from: { estimateId, versionId: older.id },
      to: { estimateId, versionId: newer.id },
    });
  };
  const toggle = (id: number) =>
    setPicked((p) => (p.includes(id) ? p.filter((x) => x !== id) : [...p, id].slice(-2)));
  const pickedRows = versions.filter((v) => picked.includes(v.id));

  return (
    <Dialog
      title={t('versions.title', { name: data?.estimateName ?? '' })}
      onClose={onClose}
      size="xl"
      testId="versions-dialog"
      error={error ? describeError(error, lang) : null}
      footer={
        <>
          <span className="dialog-status">
            {versions.length > 0 ? t('versions.storage', { size: formatFileSize(bytes, lang) }) : ''}
          </span>
          <Button onClick={onClose}>{t('common.close')}</Button>
          <Button
            variant="primary"
            disabled={pickedRows.length !== 2}
            title={pickedRows.length !== 2 ? t('versions.selectTwo') : undefined}
            onClick={() => compare(pickedRows[0]!, pickedRows[1]!)}
            data-testid="versions-compare-selected"
          >
            {t('versions.compareSelected')}
          </Button>
        </>
      }
    >
      <p className="dialog-intro">{t('versions.intro')}</p>
      {data && !data.persistent && <p className="versions-note">{t('versions.inMemory')}</p>}
      {loading && !data && <p className="screen-loading">{t('versions.loading')}</p>}
      {data && versions.length === 0 && <p>{t('versions.empty')}</p>}
      {versions.length > 0 && (
        <ol className="versions-list" data-testid="versions-list">
          {versions.map((v) => (
            <VersionItem
              key={v.id}
              version={v}
              current={current ?? null}
              picked={picked.includes(v.id)}
              onToggle={() => toggle(v.id)}
              onCompareWithCurrent={() => current && compare(v, current)}
              onName={() => setNaming(v)}
            />
          ))}
        </ol>
      )}
      {naming && <NameVersionDialog version={naming} onClose={() => setNaming(null)} />}
    </Dialog>
  );
}
