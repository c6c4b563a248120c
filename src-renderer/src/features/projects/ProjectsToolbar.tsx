import { useEffect, useRef } from 'react';
import { Button } from '../../components/Button';
import { useT } from '../../i18n/store';
import { useNeedsService } from '../connection/needs-service';
import { useProjects } from './store';

export function ProjectsToolbar({ onCreate }: { onCreate: () => void }) {
  const t = useT();
  const needsService = useNeedsService();
  const searchText = useProjects((s) => s.searchText);
  const refText = useProjects((s) => s.refText);
  const sorted = useProjects((s) => s.query.sort !== 'service');
  const filtered = useProjects((s) =>
    Boolean(s.query.name || s.query.ref || s.query.team || s.searchText || s.refText),
  );
  const team = useProjects((s) => s.query.team);
  const hideArchived = useProjects((s) => s.query.hideArchived);
  const teams = useProjects((s) => s.teams);
  const teamsOnRows = useProjects((s) => s.page?.teamsOnRows === true);
  const focusTick = useProjects((s) => s.focusSearchTick);
  const searchRef = useRef<HTMLInputElement>(null);

  // The 'find' menu command (and Ctrl/Cmd+F) lands here.
  useEffect(() => {
    if (focusTick === 0) return;
    searchRef.current?.focus();
    searchRef.current?.select();
  }, [focusTick]);

  const store = useProjects.getState;

  return (
    <div className="projects-toolbar">
      <h1 id="projects-title" className="projects-title">
        {t('projects.title')}
      </h1>
      <div className="toolbar-search">
        <label className="sr-only" htmlFor="project-search">
          {t('projects.search')}
        </label>
        <input
          ref={searchRef}
          id="project-search"
          type="search"
          className="input toolbar-input-search"
          data-testid="project-search"
          maxLength={200}
          placeholder={t('projects.searchPlaceholder')}
          value={searchText}
          onChange={(e) => store().setSearchText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') store().commitFilters();
            if (e.key === 'Escape' && searchText) {
              e.preventDefault();
              store().setSearchText('');
              store().commitFilters();
            }
          }}
          autoComplete="off"
          spellCheck={false}
        />
      </div>
      <div className="toolbar-field">
        <label htmlFor="project-ref-filter" className="toolbar-label">
          {t('projects.refFilter')}
        </label>
        <input
          id="project-ref-filter"
          className="input toolbar-input-ref"
          data-testid="project-ref-filter"
          maxLength={200}
          placeholder={t('projects.refFilterPlaceholder')}
          value={refText}
          onChange={(e) => store().setRefText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') store().commitFilters();
          }}
          autoComplete="off"
          spellCheck={false}
        />
      </div>
      {(teamsOnRows || team) && teams && (
        <div className="toolbar-field">
          <label htmlFor="project-team-filter" className="toolbar-label">
            {t('projects.teamFilter')}
          </label>
          <select
            id="project-team-filter"
            className="select"
            value={team}
            onChange={(e) => store().setTeam(e.target.value)}
            data-testid="project-team-filter"
          >
            <option value="">{t('projects.allTeams')}</option>
            {teams.map((x) => (
              <option key={x.id} value={x.id}>
                {x.name}
              </option>
            ))}
          </select>
        </div>
      )}
      {filtered && (
        <Button size="sm" variant="ghost" onClick={() => store().clearFilters()} data-testid="clear-filters">
          {t('projects.clearFilters')}
        </Button>
      )}
      <label className="toolbar-check">
        <input
          type="checkbox"
          checked={hideArchived}
          onChange={(e) => store().setHideArchived(e.target.checked)}
          data-testid="hide-archived"
        />
        {t('plainProjects.hideArchived')}
      </label>
      {sorted && (
        <Button
          size="sm"
          variant="ghost"
          onClick={() => store().serviceOrder()}
          title={t('projects.serviceOrderHint')}
          data-testid="sort-service"
        >
          {t('plainProjects.backToServiceOrder')}
        </Button>
      )}
      <div className="toolbar-spacer" />
      <Button
        variant="primary"
        className="btn-plus"
        onClick={onCreate}
        {...needsService}
        data-testid="create-project"
      >
        {t('projects.new')}
      </Button>
    </div>
  );
}
