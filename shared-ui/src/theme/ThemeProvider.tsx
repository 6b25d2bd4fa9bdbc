import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useState, type Context, type ReactNode } from 'react';
import { applyTheme, installThemeStyles } from './globalStyles';
import { hasStoredTheme, readStoredTheme, storeTheme } from './persistence';
import type { ThemeName } from './tokens';

export interface ThemeContextValue {
  theme: ThemeName;
  setTheme: (theme: ThemeName) => void;
  toggleTheme: () => void;
}

/**
 * One context object for the whole page, even if a build ends up with two copies of this module:
 * it is kept on the global object under a registered symbol.
 */
const CONTEXT_KEY = Symbol.for('plinth.shared-ui.theme-context');
const globalSlot = globalThis as unknown as Record<symbol, Context<ThemeContextValue | null> | undefined>;
const ThemeContext: Context<ThemeContextValue | null> =
  globalSlot[CONTEXT_KEY] ?? (globalSlot[CONTEXT_KEY] = createContext<ThemeContextValue | null>(null));

export interface ThemeProviderProps {
  /** Controlled theme. Leave out to let the provider keep it (starting from the stored choice). */
  theme?: ThemeName;
  /** Starting theme when uncontrolled; defaults to `readStoredTheme()`. */
  defaultTheme?: ThemeName;
  /** Called whenever the user picks a theme through `useTheme().setTheme`. */
  onThemeChange?: (theme: ThemeName) => void;
  /** Keep the choice in localStorage (`plinth.theme`). Default true. */
  persist?: boolean;
  children?: ReactNode;
}

/** Installs the token stylesheet, keeps `data-theme` on the document root and offers `useTheme()`. */
export function ThemeProvider({ theme, defaultTheme, onThemeChange, persist = true, children }: ThemeProviderProps) {
  const [ownTheme, setOwnTheme] = useState<ThemeName>(() => defaultTheme ?? readStoredTheme());
  const current = theme ?? ownTheme;

  useLayoutEffect(() => {
    installThemeStyles();
    applyTheme(current);
  }, [current]);

  // Until the user picks a theme, follow the system's light/dark setting as it changes.
  useEffect(() => {
    if (theme !== undefined || defaultTheme !== undefined || typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia('(prefers-color-scheme: light)');
    const follow = () => {
      if (!hasStoredTheme()) setOwnTheme(query.matches ? 'light' : 'dark');
    };
    query.addEventListener?.('change', follow);
    return () => query.removeEventListener?.('change', follow);
  }, [theme, defaultTheme]);

  const setTheme = useCallback(
    (next: ThemeName) => {
      if (persist) storeTheme(next);
      if (theme === undefined) setOwnTheme(next);
      applyTheme(next);
      onThemeChange?.(next);
    },
    [persist, theme, onThemeChange],
  );

  const value = useMemo<ThemeContextValue>(
    () => ({ theme: current, setTheme, toggleTheme: () => setTheme(current === 'dark' ? 'light' : 'dark') }),
    [current, setTheme],
  );
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

function currentDocumentTheme(): ThemeName {
  if (typeof document === 'undefined') return 'dark';
  return document.documentElement.getAttribute('data-theme') === 'light' ? 'light' : 'dark';
}

/**
 * The current theme and a way to change it. Outside a provider it reads the document root and
 * changes it directly (and stores the choice), so a standalone area still works.
 */
export function useTheme(): ThemeContextValue {
  const context = useContext(ThemeContext);
  if (context) return context;
  const theme = currentDocumentTheme();
  const setTheme = (next: ThemeName) => {
    storeTheme(next);
    applyTheme(next);
  };
  return { theme, setTheme, toggleTheme: () => setTheme(theme === 'dark' ? 'light' : 'dark') };
}
