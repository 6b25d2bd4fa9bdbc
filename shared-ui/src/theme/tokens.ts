/**
 * Design tokens. Every value lives in a CSS custom property on the document root, so a theme
 * switch is one attribute change (`data-theme`) and no area has to re-render. Components refer to
 * tokens through `tokens.*`, which are `var(--plinth-…)` strings usable in any Emotion style.
 */

export type ThemeName = 'dark' | 'light';
export const THEME_NAMES: readonly ThemeName[] = ['dark', 'light'];

export interface ColorSet {
  background: string;
  surface: string;
  surfaceRaised: string;
  surfaceHover: string;
  border: string;
  borderStrong: string;
  /** Edge of a text field or other control: at least 3:1 on the background and surfaces (WCAG 1.4.11). */
  borderControl: string;
  text: string;
  textMuted: string;
  brand: string;
  brandHover: string;
  /** Text drawn on a brand-coloured fill. */
  onBrand: string;
  /** Brand-coloured text and links on the background. */
  brandText: string;
  danger: string;
  dangerHover: string;
  onDanger: string;
  dangerText: string;
  warning: string;
  warningText: string;
  success: string;
  successText: string;
  focus: string;
  overlay: string;
}

/** Dark theme: on the background, text 15.7:1, muted text 8.1:1, brand text 8.7:1 (tokens.test.ts checks AA). */
const dark: ColorSet = {
  background: '#141517',
  surface: '#1b1d20',
  surfaceRaised: '#23262a',
  surfaceHover: '#2b2f34',
  border: '#33373d',
  borderStrong: '#4a5058',
  borderControl: '#6e747c',
  text: '#eceef1',
  textMuted: '#a7adb5',
  brand: '#8390ff',
  brandHover: '#9ba6ff',
  onBrand: '#0c0e1c',
  brandText: '#a4adff',
  danger: '#d83a3a',
  dangerHover: '#bf2f2f',
  onDanger: '#ffffff',
  dangerText: '#ff8a86',
  warning: '#e9a23b',
  warningText: '#f5c06f',
  success: '#3aa76d',
  successText: '#6fd49c',
  focus: '#9ba6ff',
  overlay: 'rgba(0, 0, 0, 0.6)',
};

/** Light theme: on the background, text 16.7:1, muted text 6.4:1, brand text 8.1:1 (tokens.test.ts checks AA). */
const light: ColorSet = {
  background: '#f7f8fa',
  surface: '#ffffff',
  surfaceRaised: '#ffffff',
  surfaceHover: '#eef0f4',
  border: '#dcdfe5',
  borderStrong: '#b7bcc6',
  borderControl: '#878d97',
  text: '#16181c',
  textMuted: '#555c66',
  brand: '#3c49d6',
  brandHover: '#3140c2',
  onBrand: '#ffffff',
  brandText: '#2f3bb8',
  danger: '#c62a2f',
  dangerHover: '#ad2227',
  onDanger: '#ffffff',
  dangerText: '#b3242a',
  warning: '#b86e00',
  warningText: '#8a5200',
  success: '#1f7f4e',
  successText: '#1a6b42',
  focus: '#3c49d6',
  overlay: 'rgba(15, 18, 24, 0.45)',
};

export const colorValues: Record<ThemeName, ColorSet> = { dark, light };

const shadowValues: Record<ThemeName, Record<'sm' | 'md' | 'lg', string>> = {
  dark: {
    sm: '0 1px 2px rgba(0, 0, 0, 0.5)',
    md: '0 4px 14px rgba(0, 0, 0, 0.55)',
    lg: '0 12px 40px rgba(0, 0, 0, 0.65)',
  },
  light: {
    sm: '0 1px 2px rgba(16, 24, 40, 0.08)',
    md: '0 4px 14px rgba(16, 24, 40, 0.12)',
    lg: '0 12px 40px rgba(16, 24, 40, 0.18)',
  },
};

/** Values that are the same in both themes. */
const scales = {
  radius: { sm: '4px', md: '6px', lg: '10px', full: '9999px' },
  /** A 4-pixel grid; xxs for hairline gaps only. */
  space: { xxs: '2px', xs: '4px', sm: '8px', md: '12px', lg: '16px', xl: '24px', xxl: '32px', xxxl: '48px' },
  /** Type scale: 12 (captions) · 13 (controls, tables) · 14 (body) · 16 · 20 (page titles) · 24 · 30 (display). */
  fontSize: { xs: '12px', sm: '13px', md: '14px', lg: '16px', xl: '20px', xxl: '24px', xxxl: '30px' },
  fontWeight: { regular: '400', medium: '500', semibold: '600' },
  lineHeight: { tight: '1.25', snug: '1.4', normal: '1.5' },
  font: {
    body: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    mono: "ui-monospace, 'SFMono-Regular', Menlo, Consolas, 'Liberation Mono', monospace",
  },
  /** Durations of transitions; all 0ms under `prefers-reduced-motion: reduce`. */
  motion: { fast: '120ms', normal: '200ms', slow: '320ms', easing: 'cubic-bezier(0.2, 0, 0, 1)' },
};

/** Row and control sizes for the two densities, in pixels (the data table's virtual rows need numbers). */
export const densityValues = {
  comfortable: { row: 40, control: 32, cellX: 12, cellY: 8 },
  dense: { row: 28, control: 26, cellX: 8, cellY: 4 },
} as const;
export type Density = keyof typeof densityValues;

function kebab(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

/** Name of the CSS custom property behind a token, e.g. `--plinth-color-text-muted`. */
export function tokenVariable(group: string, key: string): string {
  return `--plinth-${kebab(group)}-${kebab(key)}`;
}

function references<T extends Record<string, string>>(group: string, values: T): { [K in keyof T]: string } {
  const out = {} as { [K in keyof T]: string };
  for (const key of Object.keys(values) as (keyof T & string)[]) out[key] = `var(${tokenVariable(group, key)})`;
  return out;
}

export const tokens = {
  color: references('color', dark as unknown as Record<keyof ColorSet, string>),
  shadow: references('shadow', shadowValues.dark),
  /** Elevation by purpose (the same shadows): raised cards, popovers and menus, dialogs. */
  elevation: { card: 'var(--plinth-shadow-sm)', popover: 'var(--plinth-shadow-md)', dialog: 'var(--plinth-shadow-lg)' },
  radius: references('radius', scales.radius),
  space: references('space', scales.space),
  fontSize: references('fontSize', scales.fontSize),
  fontWeight: references('fontWeight', scales.fontWeight),
  lineHeight: references('lineHeight', scales.lineHeight),
  font: references('font', scales.font),
  motion: references('motion', scales.motion),
  /**
   * Row height, control height and cell padding of the density in force: comfortable by default,
   * dense inside any element with `data-density="dense"`.
   */
  density: references('density', { row: '', control: '', cellX: '', cellY: '' }),
  /** Keyboard focus ring: spread into a style (`'&:focus-visible': tokens.focusRing`). */
  focusRing: { outline: '2px solid var(--plinth-color-focus)', outlineOffset: '2px' },
  /** The same ring drawn inside the element, for rows and cells whose neighbours would cover it. */
  focusRingInset: { outline: '2px solid var(--plinth-color-focus)', outlineOffset: '-2px' },
  /** Stacking order of floating layers. Plain numbers: they never change with the theme. */
  layer: { sticky: 10, overlay: 100, dialog: 110, menu: 120, tooltip: 130, toast: 140 },
} as const;

function declarations(group: string, values: Record<string, string>): string {
  return Object.entries(values)
    .map(([key, value]) => `${tokenVariable(group, key)}: ${value};`)
    .join('\n  ');
}

/** The custom-property declarations of one theme (colours and shadows). */
export function themeDeclarations(theme: ThemeName): string {
  return [
    `color-scheme: ${theme};`,
    declarations('color', colorValues[theme] as unknown as Record<string, string>),
    declarations('shadow', shadowValues[theme]),
  ].join('\n  ');
}

function densityDeclarations(density: Density): string {
  const px = Object.fromEntries(Object.entries(densityValues[density]).map(([key, value]) => [key, `${value}px`]));
  return declarations('density', px);
}

/** The whole stylesheet of tokens: dark by default, light under `data-theme="light"`. */
export function tokenStylesheet(): string {
  const shared = [
    declarations('radius', scales.radius),
    declarations('space', scales.space),
    declarations('fontSize', scales.fontSize),
    declarations('fontWeight', scales.fontWeight),
    declarations('lineHeight', scales.lineHeight),
    declarations('font', scales.font),
    declarations('motion', scales.motion),
    densityDeclarations('comfortable'),
  ].join('\n  ');
  const still = ['fast', 'normal', 'slow'].map((key) => `${tokenVariable('motion', key)}: 0ms;`).join(' ');
  return [
    `:root {\n  ${shared}\n}`,
    `[data-density="comfortable"] {\n  ${densityDeclarations('comfortable')}\n}`,
    `[data-density="dense"] {\n  ${densityDeclarations('dense')}\n}`,
    `@media (prefers-reduced-motion: reduce) {\n  :root { ${still} }\n}`,
    `:root, [data-theme="dark"] {\n  ${themeDeclarations('dark')}\n}`,
    `[data-theme="light"] {\n  ${themeDeclarations('light')}\n}`,
  ].join('\n');
}
