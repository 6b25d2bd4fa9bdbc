import { describe, expect, it } from 'vitest';
import { fitView, MAX_SCALE, MIN_SCALE, revealBox, zoomAround } from './viewport';

describe('diagram view', () => {
  it('zooms around a point that stays put, within the scale limits', () => {
    const view = zoomAround({ x: 10, y: 20, scale: 1 }, 2, 110, 220);
    expect(view).toEqual({ x: -90, y: -180, scale: 2 });
    expect(zoomAround(view, 100, 0, 0).scale).toBe(MAX_SCALE);
    expect(zoomAround(view, 0.0001, 0, 0).scale).toBe(MIN_SCALE);
  });

  it('fits a large diagram centred and never enlarges a small one', () => {
    const large = fitView({ width: 2000, height: 500 }, { width: 1048, height: 548 });
    expect(large.scale).toBe(0.5);
    expect(large.x).toBe(24);
    expect(large.y).toBe(149);
    expect(fitView({ width: 100, height: 100 }, { width: 1000, height: 500 })).toEqual({ x: 450, y: 200, scale: 1 });
  });

  it('brings a box out of view into it, and leaves one in view where it is', () => {
    const view = { x: 0, y: 0, scale: 1 };
    const viewport = { width: 800, height: 600 };
    expect(revealBox(view, { x: 100, y: 100, width: 200, height: 100 }, viewport)).toBe(view);
    const moved = revealBox(view, { x: 1000, y: -300, width: 200, height: 100 }, viewport);
    expect(moved.x + 1000).toBeGreaterThanOrEqual(0);
    expect(moved.x + 1200).toBeLessThanOrEqual(800);
    expect(moved.y - 300).toBeGreaterThanOrEqual(0);
  });
});
