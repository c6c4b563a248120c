/**
 * A switch of the UI remembered on this computer (localStorage, "on" or "off"): the room labels, the
 * cost overlay, hiding archived projects. Storage that is unavailable or full never breaks the
 * switch: it then applies until the app is closed.
 */

/** The switch as last set; `fallback` when it never was, or storage cannot be read. */
export function storedSwitch(key: string, fallback: boolean): boolean {
  try {
    if (typeof localStorage === 'undefined') return fallback;
    const value = localStorage.getItem(key);
    return value === 'on' ? true : value === 'off' ? false : fallback;
  } catch {
    return fallback;
  }
}

export function rememberSwitch(key: string, on: boolean): void {
  try {
    localStorage.setItem(key, on ? 'on' : 'off');
  } catch {
    // Not remembered across restarts; still applies now.
  }
}
