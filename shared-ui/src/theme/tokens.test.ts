import { describe, expect, it } from 'vitest';
import { colorValues, densityValues, THEME_NAMES, tokenStylesheet } from './tokens';
import { contrastRatio as contrast } from './contrast';

describe('contrast', () => {
  it('is 21:1 for black on white and 1:1 for a colour on itself', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#3c49d6', '#3c49d6')).toBe(1);
  });
});

describe('colour roles meet WCAG AA in both themes', () => {
  for (const theme of THEME_NAMES) {
    const c = colorValues[theme];
    const grounds = { background: c.background, surface: c.surface, surfaceRaised: c.surfaceRaised };
    it(`${theme}: text, muted, brand, success, warning and destructive text are 4.5:1 on background and surfaces`, () => {
      for (const [groundName, ground] of Object.entries(grounds)) {
        for (const [inkName, ink] of Object.entries({ text: c.text, muted: c.textMuted, brand: c.brandText, destructive: c.dangerText, success: c.successText, warning: c.warningText })) {
          expect(contrast(ink, ground), `${inkName} ${ink} on ${groundName} ${ground}`).toBeGreaterThanOrEqual(4.5);
        }
      }
    });
    it(`${theme}: control edges, focus ring and status fills are 3:1 on background and surfaces (large text and UI)`, () => {
      for (const [groundName, ground] of Object.entries(grounds)) {
        for (const [uiName, ui] of Object.entries({ control: c.borderControl, focus: c.focus, brand: c.brand, success: c.success, warning: c.warning, destructive: c.danger })) {
          expect(contrast(ui, ground), `${uiName} ${ui} on ${groundName} ${ground}`).toBeGreaterThanOrEqual(3);
        }
      }
    });
    it(`${theme}: labels on brand and destructive fills are 4.5:1`, () => {
      expect(contrast(c.onBrand, c.brand)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(c.onBrand, c.brandHover)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(c.onDanger, c.danger)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(c.onDanger, c.dangerHover)).toBeGreaterThanOrEqual(4.5);
    });
  }
});

describe('token stylesheet', () => {
  const sheet = tokenStylesheet();
  it('stops every motion duration when the user asks for reduced motion', () => {
    const reduced = sheet.slice(sheet.indexOf('@media (prefers-reduced-motion: reduce)'));
    for (const key of ['fast', 'normal', 'slow']) expect(reduced).toContain(`--plinth-motion-${key}: 0ms;`);
    expect(sheet).toContain('--plinth-motion-fast: 120ms;');
  });
  it('switches row and control sizes under data-density="dense"', () => {
    const dense = sheet.slice(sheet.indexOf('[data-density="dense"]'));
    expect(dense).toContain(`--plinth-density-row: ${densityValues.dense.row}px;`);
    expect(sheet).toContain(`--plinth-density-row: ${densityValues.comfortable.row}px;`);
    expect(densityValues.dense.row).toBeLessThan(densityValues.comfortable.row);
  });
});
