import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';

export interface MenuOptions {
  /** Which elements are the menu's items (for arrow-key movement). */
  itemSelector: string;
  /** The item to focus when the menu opens, if present (default: the first item). */
  initialFocusSelector?: string;
}

/**
 * A button that opens a menu: open state, focus into the menu when it opens, close on a click
 * anywhere else or on Escape wherever the focus is, and the keyboard (arrows, Home, End, Escape back
 * to the button, Tab out). One implementation for every menu in the app.
 */
export function useMenu({ itemSelector, initialFocusSelector }: MenuOptions) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const menu = menuRef.current;
    const preferred = initialFocusSelector ? menu?.querySelector<HTMLElement>(initialFocusSelector) : null;
    (preferred ?? menu?.querySelector<HTMLElement>(itemSelector))?.focus();
    const onPointer = (e: PointerEvent) => {
      if (rootRef.current && !rootRef.current.contains(e.target as Node)) setOpen(false);
    };
    // Escape closes the menu wherever the focus is (the menu's own keys handle it inside first).
    const onEscape = (e: globalThis.KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      e.preventDefault();
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onEscape);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onEscape);
    };
  }, [open, itemSelector, initialFocusSelector]);

  const close = useCallback((refocus: boolean) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  }, []);

  const onMenuKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const items = Array.from(menuRef.current?.querySelectorAll<HTMLElement>(itemSelector) ?? []);
    const index = items.indexOf(document.activeElement as HTMLElement);
    let next: number | null = null;
    if (e.key === 'ArrowDown') next = (index + 1) % items.length;
    else if (e.key === 'ArrowUp') next = (index - 1 + items.length) % items.length;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = items.length - 1;
    else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      close(true);
      return;
    } else if (e.key === 'Tab') {
      setOpen(false);
      return;
    }
    if (next !== null && items.length > 0) {
      e.preventDefault();
      items[next]?.focus();
    }
  };

  /** On the button: ArrowDown opens the menu. */
  const onButtonKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key === 'ArrowDown' && !open) {
      e.preventDefault();
      setOpen(true);
    }
  };

  return { open, setOpen, close, rootRef, buttonRef, menuRef, onMenuKey, onButtonKey };
}
