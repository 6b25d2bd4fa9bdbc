// The diagram's view: where the diagram stands in the viewport and at what scale. Pan and zoom
// only ever change this (one CSS transform), never the layout.

/** A point of the diagram at (dx, dy) is drawn at (x + dx·scale, y + dy·scale) of the viewport. */
export interface View {
  x: number;
  y: number;
  scale: number;
}

export interface Size {
  width: number;
  height: number;
}

/** Low enough that Fit to view shows a schema of a few hundred tables whole. */
export const MIN_SCALE = 0.05;
export const MAX_SCALE = 2;
/** One press of Zoom in / + (Zoom out / − divides by it). */
export const ZOOM_STEP = 1.25;
/** One press of an arrow key, in viewport pixels (Shift: four times). */
export const PAN_STEP = 60;
const FIT_MARGIN = 24;

const clampScale = (scale: number) => Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale));

/** Zoomed by `factor`, the viewport point (px, py) staying over the same point of the diagram. */
export function zoomAround(view: View, factor: number, px: number, py: number): View {
  const scale = clampScale(view.scale * factor);
  const k = scale / view.scale;
  return { scale, x: px - (px - view.x) * k, y: py - (py - view.y) * k };
}

export function panBy(view: View, dx: number, dy: number): View {
  return { ...view, x: view.x + dx, y: view.y + dy };
}

/** The whole diagram in view, centred, never larger than its own size. */
export function fitView(diagram: Size, viewport: Size): View {
  if (viewport.width <= 0 || viewport.height <= 0 || diagram.width <= 0 || diagram.height <= 0) return { x: FIT_MARGIN, y: FIT_MARGIN, scale: 1 };
  const scale = clampScale(Math.min(1, (viewport.width - 2 * FIT_MARGIN) / diagram.width, (viewport.height - 2 * FIT_MARGIN) / diagram.height));
  return { scale, x: (viewport.width - diagram.width * scale) / 2, y: (viewport.height - diagram.height * scale) / 2 };
}

/** Panned so that the box (in diagram pixels) is in view, or unchanged when it already is. */
export function revealBox(view: View, box: { x: number; y: number; width: number; height: number }, viewport: Size): View {
  const left = view.x + box.x * view.scale;
  const top = view.y + box.y * view.scale;
  const right = left + box.width * view.scale;
  const bottom = top + box.height * view.scale;
  let dx = 0;
  let dy = 0;
  if (left < 0) dx = FIT_MARGIN - left;
  else if (right > viewport.width) dx = Math.max(viewport.width - FIT_MARGIN - right, FIT_MARGIN - left);
  if (top < 0) dy = FIT_MARGIN - top;
  else if (bottom > viewport.height) dy = Math.max(viewport.height - FIT_MARGIN - bottom, FIT_MARGIN - top);
  return dx || dy ? panBy(view, dx, dy) : view;
}

/** The CSS transform that draws the diagram at this view. */
export const viewTransform = (view: View) => `translate(${view.x}px, ${view.y}px) scale(${view.scale})`;
