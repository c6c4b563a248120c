/**
 * When the main window is shown: once it is placed where the user left it (the settings are read
 * as main's services load, after the window is made) and its page has painted, whichever comes
 * last; never before, so it is not seen blank, or at its default size and then moved. A maximized
 * window is shown by maximizing it (Electron's maximize() shows a hidden window), at that moment.
 * A second start of PlanDesk that asks for the window meanwhile has it focused once it is shown.
 */
import type { BrowserWindow } from 'electron';
import type { WindowState } from '../settings/settings-store';

export class WindowShowing {
  private placed = false;
  private painted = false;
  private maximized = false;
  private focusAsked = false;
  private shown = false;

  constructor(private readonly win: BrowserWindow) {
    win.once('ready-to-show', () => {
      this.painted = true;
      this.showIfReady();
    });
  }

  /** Puts the window where the user left it, and from then on remembers where they move it. */
  place(saved: WindowState | null, onState: (s: WindowState) => void): void {
    const win = this.win;
    if (win.isDestroyed() || this.placed) return;
    if (saved) {
      const { x, y, width, height } = saved;
      if (x !== undefined && y !== undefined) win.setBounds({ x, y, width, height });
      else win.setSize(width, height);
      this.maximized = saved.maximized;
    }
    const remember = () => {
      if (win.isDestroyed() || win.isMinimized()) return;
      const b = win.getNormalBounds();
      onState({ x: b.x, y: b.y, width: b.width, height: b.height, maximized: win.isMaximized() });
    };
    win.on('resized', remember);
    win.on('moved', remember);
    win.on('close', remember);
    this.placed = true;
    this.showIfReady();
  }

  /** A second start of PlanDesk: the window comes to the front, now or as soon as it is shown. */
  focus(): void {
    const win = this.win;
    if (win.isDestroyed()) return;
    if (!this.shown) {
      this.focusAsked = true;
      return;
    }
    if (win.isMinimized()) win.restore();
    win.show();
    win.focus();
  }

  private showIfReady(): void {
    const win = this.win;
    if (this.shown || !this.placed || !this.painted || win.isDestroyed()) return;
    this.shown = true;
    if (this.maximized) win.maximize();
    else win.show();
    if (this.focusAsked) win.focus();
  }
}
