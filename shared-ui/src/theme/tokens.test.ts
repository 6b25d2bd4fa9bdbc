import { describe, expect, it } from 'vitest';
import { colorValues, THEME_NAMES } from './tokens';

function luminance(hex: string): number {
  const channels = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r, g, b] = channels.map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

describe('token contrast (WCAG AA for body text: 4.5:1)', () => {
  for (const theme of THEME_NAMES) {
    const c = colorValues[theme];
    it(`${theme}: text, muted text and coloured text are readable on background and surfaces`, () => {
      for (const ground of [c.background, c.surface, c.surfaceRaised]) {
        for (const ink of [c.text, c.textMuted, c.brandText, c.dangerText, c.successText, c.warningText]) {
          expect(contrast(ink, ground), `${ink} on ${ground}`).toBeGreaterThanOrEqual(4.5);
        }
      }
    });
    it(`${theme}: labels on brand and danger buttons are readable`, () => {
      expect(contrast(c.onBrand, c.brand)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(c.onBrand, c.brandHover)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(c.onDanger, c.danger)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(c.onDanger, c.dangerHover)).toBeGreaterThanOrEqual(4.5);
    });
  }
});
