import { describe, expect, it } from 'vitest';
import { placeTooltip } from './place';

const view = { width: 1000, height: 800 };
const size = { width: 120, height: 30 };

describe('placeTooltip', () => {
  it('puts the tooltip on the asked side, centred on its trigger', () => {
    const anchor = { left: 400, top: 400, width: 100, height: 40 };
    expect(placeTooltip(anchor, size, view, 'top', 'center', 6)).toEqual({ x: 390, y: 364, side: 'top' });
    expect(placeTooltip(anchor, size, view, 'right', 'center', 6)).toEqual({ x: 506, y: 405, side: 'right' });
    expect(placeTooltip(anchor, size, view, 'bottom', 'start', 6)).toEqual({ x: 400, y: 446, side: 'bottom' });
  });

  it('flips to the other side when the asked one leaves the window', () => {
    const nearTop = { left: 400, top: 10, width: 100, height: 40 };
    expect(placeTooltip(nearTop, size, view, 'top', 'center', 6)).toMatchObject({ y: 56, side: 'bottom' });
    const nearRight = { left: 920, top: 300, width: 60, height: 36 };
    expect(placeTooltip(nearRight, size, view, 'right', 'center', 6)).toMatchObject({ x: 794, side: 'left' });
  });

  it('stays inside the window along its side', () => {
    const leftEdge = { left: 0, top: 300, width: 40, height: 36 };
    expect(placeTooltip(leftEdge, size, view, 'top', 'center', 6)).toMatchObject({ x: 8, side: 'top' });
    const bottomEdge = { left: 0, top: 780, width: 56, height: 20 };
    expect(placeTooltip(bottomEdge, size, view, 'right', 'center', 6)).toMatchObject({ y: 762, side: 'right' });
  });
});
