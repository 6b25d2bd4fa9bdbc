export type Side = 'top' | 'right' | 'bottom' | 'left';
export type Align = 'start' | 'center' | 'end';

interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

const OPPOSITE: Record<Side, Side> = { top: 'bottom', bottom: 'top', left: 'right', right: 'left' };
/** Kept between the tooltip and the window's edge. */
const EDGE = 8;

function at(anchor: Box, size: { width: number; height: number }, side: Side, align: Align, gap: number) {
  const alongX = align === 'start' ? anchor.left : align === 'end' ? anchor.left + anchor.width - size.width : anchor.left + (anchor.width - size.width) / 2;
  const alongY = align === 'start' ? anchor.top : align === 'end' ? anchor.top + anchor.height - size.height : anchor.top + (anchor.height - size.height) / 2;
  switch (side) {
    case 'top':
      return { x: alongX, y: anchor.top - gap - size.height };
    case 'bottom':
      return { x: alongX, y: anchor.top + anchor.height + gap };
    case 'left':
      return { x: anchor.left - gap - size.width, y: alongY };
    case 'right':
      return { x: anchor.left + anchor.width + gap, y: alongY };
  }
}

function fits(p: { x: number; y: number }, size: { width: number; height: number }, view: { width: number; height: number }, side: Side) {
  if (side === 'top') return p.y >= EDGE;
  if (side === 'bottom') return p.y + size.height <= view.height - EDGE;
  if (side === 'left') return p.x >= EDGE;
  return p.x + size.width <= view.width - EDGE;
}

const clamp = (value: number, low: number, high: number) => Math.max(low, Math.min(value, Math.max(low, high)));

/**
 * Where a tooltip of `size` goes beside `anchor` (both in window coordinates): on the asked side,
 * or the opposite one when only that fits, then moved along its side to stay inside the window.
 */
export function placeTooltip(anchor: Box, size: { width: number; height: number }, view: { width: number; height: number }, side: Side, align: Align, gap: number): { x: number; y: number; side: Side } {
  let chosen = side;
  let p = at(anchor, size, side, align, gap);
  if (!fits(p, size, view, side)) {
    const flipped = at(anchor, size, OPPOSITE[side], align, gap);
    if (fits(flipped, size, view, OPPOSITE[side])) {
      chosen = OPPOSITE[side];
      p = flipped;
    }
  }
  return {
    x: clamp(p.x, EDGE, view.width - EDGE - size.width),
    y: clamp(p.y, EDGE, view.height - EDGE - size.height),
    side: chosen,
  };
}
