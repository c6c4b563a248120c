import { useEffect, useState } from 'react';
import type { DocumentDefaults } from '../../../../src-shared/exports/document-language';
import { call } from '../../api';

/**
 * What an export dialog opens with: the document's language (the workspace's documents language, else
 * that of the estimate's company's country, else the UI's), why, its paper and its CSV format. Null
 * until main has answered (or when it could not: the dialog then shows the UI language).
 */
export function useDocumentDefaults(projectId?: string, estimateId?: string): DocumentDefaults | null {
  const [defaults, setDefaults] = useState<DocumentDefaults | null>(null);
  useEffect(() => {
    let live = true;
    void call((api) =>
      api.documentDefaults({
        ...(projectId ? { projectId } : {}),
        ...(estimateId ? { estimateId } : {}),
      }),
    ).then((res) => {
      if (live && res.ok) setDefaults(res.data);
    });
    return () => {
      live = false;
    };
  }, [projectId, estimateId]);
  return defaults;
}
