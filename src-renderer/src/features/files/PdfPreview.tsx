import { useEffect, useRef, useState } from 'react';
import { useT } from '../../i18n/store';

/** More pages would make the preview slow to open; the file itself is one click away. */
const MAX_PAGES = 20;

function bytesOf(dataUrl: string): Uint8Array {
  const binary = atob(dataUrl.slice(dataUrl.indexOf(',') + 1));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * A PDF shown inside the app: pdf.js draws its pages on canvases. pdf.js is loaded only when a PDF is
 * previewed (it is large); its worker is a file of our own bundle, so the strict content security
 * policy holds (no embedded viewer, no eval: `isEvalSupported: false`).
 */
export function PdfPreview({ dataUrl }: { dataUrl: string }) {
  const t = useT();
  const pagesRef = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<{ status: 'loading' | 'ready' | 'failed'; count: number }>({
    status: 'loading',
    count: 0,
  });

  useEffect(() => {
    let cancelled = false;
    let destroy: (() => Promise<void>) | null = null;
    const host = pagesRef.current;
    void (async () => {
      try {
        const pdfjs = await import('pdfjs-dist');
        const worker = await import('pdfjs-dist/build/pdf.worker.min.mjs?url');
        pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
        const task = pdfjs.getDocument({ data: bytesOf(dataUrl), isEvalSupported: false });
        destroy = () => task.destroy();
        const doc = await task.promise;
        for (let n = 1; n <= Math.min(doc.numPages, MAX_PAGES) && !cancelled; n++) {
          const page = await doc.getPage(n);
          const viewport = page.getViewport({ scale: 1.25 });
          const canvas = document.createElement('canvas');
          canvas.width = Math.floor(viewport.width);
          canvas.height = Math.floor(viewport.height);
          canvas.className = 'pdf-page';
          canvas.setAttribute('data-testid', `preview-pdf-page-${n}`);
          canvas.setAttribute('aria-label', t('files.pdfPage', { page: n }));
          await page.render({ canvas, canvasContext: canvas.getContext('2d')!, viewport }).promise;
          // Shown once drawn: a page appears whole, never half-painted.
          if (!cancelled) host?.appendChild(canvas);
        }
        if (!cancelled) setState({ status: 'ready', count: doc.numPages });
      } catch (err) {
        // A damaged PDF, or one pdf.js cannot read: the user gets the message below and the Open button.
        console.warn('PDF preview failed:', err);
        if (!cancelled) setState({ status: 'failed', count: 0 });
      }
    })();
    return () => {
      cancelled = true;
      void destroy?.();
      host?.replaceChildren();
    };
  }, [dataUrl, t]);

  return (
    <div className="preview-frame pdf-frame" data-testid="preview-pdf" aria-busy={state.status === 'loading'}>
      {state.status === 'failed' && (
        <div className="preview-placeholder is-error" role="alert" data-testid="preview-pdf-failed">
          {t('files.pdfFailed')}
        </div>
      )}
      {state.status === 'ready' && state.count > MAX_PAGES && (
        <p className="pdf-truncated">{t('files.pdfTruncated', { shown: MAX_PAGES, count: state.count })}</p>
      )}
      <div ref={pagesRef} className="pdf-pages" />
    </div>
  );
}
