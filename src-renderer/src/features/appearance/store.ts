import { create } from 'zustand';
import type { Theme } from '../../../../src-shared/app/types';
import { call } from '../../api';

/**
 * The appearance: the system's (the default; the page follows it as it changes), light or dark. The
 * page's colours follow `html[data-theme]` (styles.css); main keeps the choice and gives the app's
 * own parts (menus, dialogs) the same appearance.
 */
interface AppearanceState {
  theme: Theme;
  /** Applies the theme main remembered (at start). */
  applyStored: (theme: Theme) => void;
  /** The user chose: applied at once, remembered by main. */
  setTheme: (theme: Theme) => Promise<void>;
}

function apply(theme: Theme): void {
  if (typeof document === 'undefined') return;
  if (theme === 'system') delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = theme;
}

export const useAppearance = create<AppearanceState>()((set, get) => ({
  theme: 'system',
  applyStored: (theme) => {
    apply(theme);
    set({ theme });
  },
  setTheme: async (theme) => {
    if (theme === get().theme) return;
    apply(theme);
    set({ theme });
    await call((api) => api.setTheme(theme));
  },
}));
