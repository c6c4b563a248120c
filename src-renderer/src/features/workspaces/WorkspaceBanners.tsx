import { Button } from '../../components/Button';
import { useT } from '../../i18n/store';
import { selectActiveWorkspace, useWorkspaces } from './store';

/**
 * At the top of the main area: the demo banner (it points to the header's "Add workspace" as it
 * looks at the window's width: its words, or in a narrower window its "+"; shell.css switches the
 * two sentences at the same width as the button), and the "key no longer accepted" banner once its
 * dialog was put off.
 */
export function WorkspaceBanners() {
  const t = useT();
  const active = useWorkspaces(selectActiveWorkspace);
  const keyDialogFor = useWorkspaces((s) => s.keyDialogFor);
  const openKeyDialog = useWorkspaces((s) => s.openKeyDialog);
  if (!active) return null;
  return (
    <>
      {active.demo && (
        <div className="banner banner-demo" data-testid="demo-banner" role="note">
          <span className="banner-text banner-text-wide">
            {t('plainShell.demoBanner', { add: t('header.addWorkspace') })}
          </span>
          <span className="banner-text banner-text-narrow">
            {t('plainShell.demoBannerNarrow', { add: t('header.addWorkspace') })}
          </span>
        </div>
      )}
      {active.needsKey && keyDialogFor !== active.id && (
        <div className="banner banner-key" role="alert" data-testid="key-banner">
          <span className="banner-text">{t('workspaces.keyBanner', { name: active.name })}</span>
          <Button
            size="sm"
            variant="primary"
            onClick={() => openKeyDialog(active.id)}
            data-testid="key-banner-action"
          >
            {t('workspaces.keyBannerAction')}
          </Button>
        </div>
      )}
    </>
  );
}
