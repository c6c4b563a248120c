import type { KeyboardEvent } from 'react';
import type { MessageKey } from '../../i18n/messages';
import { useT } from '../../i18n/store';
import { isProjectView, useNavigation, type ProjectRef, type View } from '../navigation/store';
import { useProject } from './store';
import './project.css';

type Tab = 'overview' | 'estimates' | 'plan' | 'files';

const TABS: { tab: Tab; label: MessageKey }[] = [
  { tab: 'overview', label: 'plainProject.tabOverview' },
  { tab: 'estimates', label: 'plainProject.tabEstimates' },
  { tab: 'plan', label: 'plainProject.tabPlan' },
  { tab: 'files', label: 'plainProject.tabFiles' },
];

function tabOf(view: View): Tab | null {
  switch (view.name) {
    case 'project':
      return 'overview';
    case 'estimates':
    case 'estimate':
      return 'estimates';
    case 'plan':
      return 'plan';
    case 'files':
      return 'files';
    default:
      return null;
  }
}

/**
 * A project's screens as tabs under each screen's bar: Overview, Estimates, Plan, Files. They move
 * between the project's screens (each in the history, so Back returns), not within one page: a
 * navigation landmark with the current one marked, reached with Tab, arrows moving between them.
 */
export function ProjectTabs() {
  const t = useT();
  const view = useNavigation((s) => s.view);
  const detailPlanId = useProject((s) => s.detail?.planId ?? null);
  const detailLoaded = useProject((s) => s.detail !== null);
  if (!isProjectView(view)) return null;
  const current = tabOf(view);
  const ref: ProjectRef = {
    workspaceId: view.workspaceId,
    projectId: view.projectId,
    projectName: view.projectName,
  };
  const planId = view.name === 'plan' ? view.planId : detailPlanId;
  const navigation = useNavigation.getState;

  const open = (tab: Tab) => {
    if (tab === current && view.name !== 'estimate') return;
    if (tab === 'overview') navigation().openOverview(ref);
    else if (tab === 'estimates') navigation().openProject(ref);
    else if (tab === 'plan' && planId) navigation().openPlan(ref, planId);
    else if (tab === 'files') navigation().openFiles(ref);
  };

  const onKey = (e: KeyboardEvent<HTMLElement>) => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight' && e.key !== 'Home' && e.key !== 'End') return;
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const buttons = Array.from(e.currentTarget.querySelectorAll<HTMLButtonElement>('button:not(:disabled)'));
    const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const next =
      e.key === 'Home'
        ? 0
        : e.key === 'End'
          ? buttons.length - 1
          : (index + (e.key === 'ArrowRight' ? 1 : -1) + buttons.length) % buttons.length;
    e.preventDefault();
    buttons[next]?.focus();
  };

  return (
    <nav className="project-tabs" aria-label={t('plainProject.tabsLabel')} onKeyDown={onKey}>
      {TABS.map(({ tab, label }) => {
        const selected = tab === current;
        const noPlan = tab === 'plan' && !planId;
        return (
          <button
            key={tab}
            type="button"
            className={`project-tab${selected ? ' is-current' : ''}`}
            aria-current={selected ? 'page' : undefined}
            disabled={noPlan}
            title={noPlan && detailLoaded ? t('detail.noPlan') : undefined}
            onClick={() => open(tab)}
            data-testid={`project-tab-${tab}`}
          >
            {t(label)}
          </button>
        );
      })}
    </nav>
  );
}
