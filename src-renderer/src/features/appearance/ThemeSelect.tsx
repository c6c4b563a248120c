import { THEMES, type Theme } from '../../../../src-shared/app/types';
import type { MessageKey } from '../../i18n/messages';
import { useT } from '../../i18n/store';
import { useAppearance } from './store';

const LABELS: Record<Theme, MessageKey> = {
  system: 'plainA11y.themeSystem',
  light: 'plainA11y.themeLight',
  dark: 'plainA11y.themeDark',
};

/** The appearance setting in the status bar: like the system, light or dark. */
export function ThemeSelect() {
  const t = useT();
  const theme = useAppearance((s) => s.theme);
  return (
    <label className="statusbar-theme">
      <span>{t('plainA11y.theme')}</span>
      <select
        className="select statusbar-select"
        value={theme}
        onChange={(e) => void useAppearance.getState().setTheme(e.target.value as Theme)}
        data-testid="theme-select"
      >
        {THEMES.map((value) => (
          <option key={value} value={value}>
            {t(LABELS[value])}
          </option>
        ))}
      </select>
    </label>
  );
}
