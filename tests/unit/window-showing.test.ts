/**
 * When the main window is shown (src-main/shell/window-showing.ts), on a stand-in window that
 * records what is done to it (Electron cannot run here): only once placed and painted, whichever
 * comes last; a maximized one by maximizing it (which shows a hidden window in Electron); a focus a
 * second start asks for meanwhile, once shown.
 */
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { BrowserWindow } from 'electron';
import { WindowShowing } from '../../src-main/shell/window-showing';
import type { WindowState } from '../../src-main/settings/settings-store';

class RecordingWindow extends EventEmitter {
  readonly calls: string[] = [];
  minimized = false;
  isDestroyed = () => false;
  isMinimized = () => this.minimized;
  isMaximized = () => false;
  getNormalBounds = () => ({ x: 1, y: 2, width: 1000, height: 700 });
  setBounds = (b: { x: number; y: number; width: number; height: number }) =>
    this.calls.push(`setBounds ${b.x},${b.y} ${b.width}x${b.height}`);
  setSize = (w: number, h: number) => this.calls.push(`setSize ${w}x${h}`);
  maximize = () => this.calls.push('maximize');
  show = () => this.calls.push('show');
  focus = () => this.calls.push('focus');
  restore = () => this.calls.push('restore');
}

function made() {
  const win = new RecordingWindow();
  return { win, showing: new WindowShowing(win as unknown as BrowserWindow) };
}

const saved: WindowState = { x: 40, y: 60, width: 1500, height: 900, maximized: false };

describe('the main window, shown', () => {
  it('only once placed and painted, whichever comes last', () => {
    for (const order of [['place', 'paint'] as const, ['paint', 'place'] as const]) {
      const { win, showing } = made();
      for (const step of order) {
        expect(win.calls).not.toContain('show');
        if (step === 'place') showing.place(saved, () => undefined);
        else win.emit('ready-to-show');
      }
      expect(win.calls).toEqual(['setBounds 40,60 1500x900', 'show']);
    }
    // Nothing saved yet (a first start): shown as made.
    const { win, showing } = made();
    win.emit('ready-to-show');
    showing.place(null, () => undefined);
    expect(win.calls).toEqual(['show']);
  });

  it('maximized, by maximizing it at that moment; a size without a place keeps the OS’s place', () => {
    const { win, showing } = made();
    showing.place({ width: 1200, height: 800, maximized: true }, () => undefined);
    expect(win.calls).toEqual(['setSize 1200x800']);
    win.emit('ready-to-show');
    expect(win.calls).toEqual(['setSize 1200x800', 'maximize']);
  });

  it('focused for a second start: once shown if asked before, else at once (restored if minimized)', () => {
    const { win, showing } = made();
    showing.focus();
    expect(win.calls).toEqual([]);
    showing.place(saved, () => undefined);
    win.emit('ready-to-show');
    expect(win.calls).toEqual(['setBounds 40,60 1500x900', 'show', 'focus']);
    win.minimized = true;
    showing.focus();
    expect(win.calls.slice(3)).toEqual(['restore', 'show', 'focus']);
  });

  it('remembers where the user moves it, from its placing on', () => {
    const { win, showing } = made();
    const states: WindowState[] = [];
    win.emit('moved');
    showing.place(saved, (s) => states.push(s));
    win.emit('resized');
    win.emit('moved');
    expect(states).toEqual([
      { x: 1, y: 2, width: 1000, height: 700, maximized: false },
      { x: 1, y: 2, width: 1000, height: 700, maximized: false },
    ]);
  });
});
