import { tokens, tokenStylesheet, type ThemeName } from './tokens';

const STYLE_ELEMENT_ID = 'plinth-theme-tokens';

/** Base page styles: body colours and font, visible focus rings, reduced motion. */
function baseStylesheet(): string {
  const c = tokens.color;
  return `
*, *::before, *::after { box-sizing: border-box; }
html, body { margin: 0; }
body {
  background: ${c.background};
  color: ${c.text};
  font-family: ${tokens.font.body};
  font-size: ${tokens.fontSize.md};
  line-height: 1.5;
  -webkit-font-smoothing: antialiased;
}
a { color: ${c.brandText}; }
:focus-visible { outline: 2px solid ${c.focus}; outline-offset: 2px; }
::selection { background: ${c.brand}; color: ${c.onBrand}; }
@media (prefers-reduced-motion: reduce) {
  *, *::before, *::after { animation-duration: 0.01ms !important; transition-duration: 0.01ms !important; }
}
@keyframes plinth-spin { to { transform: rotate(360deg); } }
@keyframes plinth-pulse { 50% { opacity: 0.5; } }
`;
}

/**
 * Adds the token and base stylesheet to the document once. Safe to call from every area: a
 * second call (or a second copy of this module) finds the element and does nothing.
 */
export function installThemeStyles(doc: Document = document): void {
  if (doc.getElementById(STYLE_ELEMENT_ID)) return;
  const style = doc.createElement('style');
  style.id = STYLE_ELEMENT_ID;
  style.textContent = `${tokenStylesheet()}\n${baseStylesheet()}`;
  doc.head.prepend(style);
}

/** Switches the page to a theme: one attribute on the root element, no re-render needed. */
export function applyTheme(theme: ThemeName, root: HTMLElement = document.documentElement): void {
  root.setAttribute('data-theme', theme);
  root.style.colorScheme = theme;
}
