import { useEffect } from 'react';
import { useNavigation } from './store';

const MOUSE_BACK = 3;
const MOUSE_FORWARD = 4;

function isMac(): boolean {
  return typeof navigator !== 'undefined' && /Mac/i.test(navigator.platform);
}

function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName);
}

/**
 * Back and forward as in a browser: Alt+← and Alt+→ (⌘[ and ⌘] as well on a Mac) and the mouse's
 * back and forward buttons. Not while a dialog is open (it is modal), and on a Mac not in a text
 * field, where Alt+← moves by word.
 */
export function useHistoryInput(): void {
  useEffect(() => {
    const step = (direction: 'back' | 'forward'): boolean => {
      if (document.querySelector('dialog[open]')) return false;
      const navigation = useNavigation.getState();
      return direction === 'back' ? navigation.back() : navigation.forward();
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.repeat) return;
      let direction: 'back' | 'forward' | null = null;
      if (e.altKey && !e.ctrlKey && !e.metaKey && !e.shiftKey) {
        if (isMac() && isEditable(e.target)) return;
        if (e.key === 'ArrowLeft') direction = 'back';
        else if (e.key === 'ArrowRight') direction = 'forward';
      } else if (isMac() && e.metaKey && !e.altKey && !e.ctrlKey) {
        if (e.key === '[') direction = 'back';
        else if (e.key === ']') direction = 'forward';
      }
      if (direction === null) return;
      e.preventDefault();
      step(direction);
    };
    // The mouse's side buttons: handled on release, the default (a page navigation) prevented on both.
    const onMouse = (e: MouseEvent) => {
      if (e.button !== MOUSE_BACK && e.button !== MOUSE_FORWARD) return;
      e.preventDefault();
      if (e.type === 'mouseup') step(e.button === MOUSE_BACK ? 'back' : 'forward');
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onMouse);
    document.addEventListener('mouseup', onMouse);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onMouse);
      document.removeEventListener('mouseup', onMouse);
    };
  }, []);
}

/**
 * After every move to another screen, the keyboard focus goes to the new screen's heading (its
 * first `h1` in the main area), so a screen reader announces where the user is and Tab starts
 * from the top of the new screen. The first screen after start keeps the browser's own focus.
 */
export function useFocusScreenHeading(): void {
  useEffect(() => {
    const unsubscribe = useNavigation.subscribe((state, previous) => {
      if (state.view === previous.view) return;
      // After React has drawn the new screen.
      requestAnimationFrame(() => {
        const heading = document.querySelector<HTMLElement>('main h1');
        if (!heading || document.querySelector('dialog[open]')) return;
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus({ preventScroll: false });
      });
    });
    return unsubscribe;
  }, []);
}
