import type { ThemeName } from './tokens';

/** localStorage key under which the chosen theme is kept across reloads. */
export const THEME_STORAGE_KEY = 'plinth.theme';

export function isThemeName(value: unknown): value is ThemeName {
  return value === 'dark' || value === 'light';
}

function localStorageOrNull(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage can be switched off by the browser; the theme then lasts for this page only.
    return null;
  }
}

/** The operating system's preference, or null when the browser does not say. */
export function preferredColorScheme(): ThemeName | null {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return null;
  if (window.matchMedia('(prefers-color-scheme: light)').matches) return 'light';
  if (window.matchMedia('(prefers-color-scheme: dark)').matches) return 'dark';
  return null;
}

/**
 * The theme to start with: the stored choice, else the system preference, else dark.
 */
export function readStoredTheme(storage: Storage | null = localStorageOrNull()): ThemeName {
  let stored: string | null = null;
  try {
    stored = storage?.getItem(THEME_STORAGE_KEY) ?? null;
  } catch {
    stored = null;
  }
  if (isThemeName(stored)) return stored;
  return preferredColorScheme() ?? 'dark';
}

/** Whether the user has chosen a theme (as opposed to following the system). */
export function hasStoredTheme(storage: Storage | null = localStorageOrNull()): boolean {
  try {
    return isThemeName(storage?.getItem(THEME_STORAGE_KEY));
  } catch {
    return false;
  }
}

/** Remembers the user's choice; silently skipped when storage is unavailable. */
export function storeTheme(theme: ThemeName, storage: Storage | null = localStorageOrNull()): void {
  try {
    storage?.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Quota or privacy mode: nothing to do, the theme still applies to this page.
  }
}
