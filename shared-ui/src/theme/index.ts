export { tokens, tokenVariable, tokenStylesheet, themeDeclarations, colorValues, densityValues, THEME_NAMES } from './tokens';
export type { ThemeName, ColorSet, Density } from './tokens';
export { installThemeStyles, applyTheme } from './globalStyles';
export { THEME_STORAGE_KEY, readStoredTheme, storeTheme, hasStoredTheme, isThemeName, preferredColorScheme } from './persistence';
export { ThemeProvider, useTheme } from './ThemeProvider';
export type { ThemeProviderProps, ThemeContextValue } from './ThemeProvider';
