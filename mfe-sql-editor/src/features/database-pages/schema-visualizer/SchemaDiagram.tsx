import { memo, useCallback, useEffect, useLayoutEffect, useRef, useState, type FocusEvent, type KeyboardEvent, type MouseEvent, type PointerEvent, type UIEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '@plinth/shared-ui/button';
import { createIcon, MinusIcon, PlusIcon } from '@plinth/shared-ui/icons';
import { tokens } from '@plinth/shared-ui/theme';
import { linkPath, type DiagramLayout, type DiagramModel } from './diagram-model';
import { TableBox } from './TableBox';
import { fitView, panBy, PAN_STEP, revealBox, viewTransform, zoomAround, ZOOM_STEP, type View } from './viewport';

const c = tokens.color;
const FitIcon = createIcon('FitIcon', <path d="M4 9V4h5M15 4h5v5M20 15v5h-5M9 20H4v-5" />);
/** A pointer that moves this far (viewport pixels) is a drag, not a click. */
const DRAG_THRESHOLD = 4;

interface Drag {
  pointerId: number;
  x: number;
  y: number;
  view: View;
  moved: boolean;
}

/** The boxes and links, drawn once per layout: panning and zooming never render them again. */
const DiagramContent = memo(function DiagramContent({ model, layout }: { model: DiagramModel; layout: DiagramLayout }) {
  const byId = new Map(model.tables.map((t) => [t.id, t]));
  return (
    <>
      <svg aria-hidden="true" width={layout.width + 80} height={layout.height} css={{ position: 'absolute', left: 0, top: 0, overflow: 'visible', pointerEvents: 'none' }}>
        <defs>
          <marker id="schema-visualizer-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
            <path d="M0 0L10 5L0 10z" css={{ fill: c.textMuted }} />
          </marker>
        </defs>
        {model.links.map((link) => {
          const from = byId.get(link.from.tableId);
          const to = byId.get(link.to.tableId);
          const fromPlace = layout.places.get(link.from.tableId);
          const toPlace = layout.places.get(link.to.tableId);
          if (!from || !to || !fromPlace || !toPlace) return null;
          return (
            <path
              key={link.id}
              data-link={link.name}
              data-from={`${from.name}.${link.from.column}`}
              data-to={`${to.name}.${link.to.column}`}
              d={linkPath(from, fromPlace, link.from.column, to, toPlace, link.to.column)}
              markerEnd="url(#schema-visualizer-arrow)"
              css={{ fill: 'none', stroke: c.textMuted, strokeWidth: 1.5 }}
            />
          );
        })}
      </svg>
      {model.tables.map((table) => {
        const place = layout.places.get(table.id);
        return place ? <TableBox key={table.id} table={table} place={place} /> : null;
      })}
    </>
  );
});

/**
 * The schema drawn: tables as boxes and foreign keys as curves, in a viewport that pans (drag, arrow
 * keys) and zooms (wheel, + and −, the buttons) by changing one CSS transform; 0 or Fit puts the whole
 * diagram in view. A click on a table, or Enter on its focused name, opens it in the Table Editor.
 */
export function SchemaDiagram({ model, layout, helpId }: { model: DiagramModel; layout: DiagramLayout; helpId: string }) {
  const navigate = useNavigate();
  const viewportRef = useRef<HTMLDivElement>(null);
  const worldRef = useRef<HTMLDivElement>(null);
  const viewRef = useRef<View>({ x: 0, y: 0, scale: 1 });
  const drag = useRef<Drag | null>(null);
  const dragged = useRef(false);
  const [zoom, setZoom] = useState(100);

  const viewportSize = () => ({ width: viewportRef.current?.clientWidth ?? 0, height: viewportRef.current?.clientHeight ?? 0 });
  const show = useCallback((view: View) => {
    viewRef.current = view;
    if (worldRef.current) worldRef.current.style.transform = viewTransform(view);
    setZoom(Math.round(view.scale * 100));
  }, []);
  const fit = useCallback(() => show(fitView(layout, viewportSize())), [layout, show]);
  const zoomBy = (factor: number) => {
    const { width, height } = viewportSize();
    show(zoomAround(viewRef.current, factor, width / 2, height / 2));
  };

  useLayoutEffect(fit, [fit]);

  // The wheel zooms around the pointer (a pinch on a touchpad comes as a wheel with Ctrl, faster).
  // Listened to directly: React's wheel listener is passive and could not keep the page still.
  useEffect(() => {
    const viewport = viewportRef.current;
    if (!viewport) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const unit = e.deltaMode === 1 ? 16 : e.deltaMode === 2 ? 400 : 1;
      const factor = Math.exp(-e.deltaY * unit * (e.ctrlKey ? 0.01 : 0.002));
      const rect = viewport.getBoundingClientRect();
      show(zoomAround(viewRef.current, factor, e.clientX - rect.left, e.clientY - rect.top));
    };
    viewport.addEventListener('wheel', onWheel, { passive: false });
    return () => viewport.removeEventListener('wheel', onWheel);
  }, [show]);

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const step = e.shiftKey ? PAN_STEP * 4 : PAN_STEP;
    const moves: Record<string, [number, number]> = { ArrowLeft: [step, 0], ArrowRight: [-step, 0], ArrowUp: [0, step], ArrowDown: [0, -step] };
    const move = moves[e.key];
    if (move) show(panBy(viewRef.current, move[0], move[1]));
    else if (e.key === '+' || e.key === '=') zoomBy(ZOOM_STEP);
    else if (e.key === '-' || e.key === '_') zoomBy(1 / ZOOM_STEP);
    else if (e.key === '0') fit();
    else return;
    e.preventDefault();
  };

  const onPointerDown = (e: PointerEvent) => {
    dragged.current = false;
    if (e.button !== 0 || (e.target as Element).closest('[data-diagram-controls]')) return;
    drag.current = { pointerId: e.pointerId, x: e.clientX, y: e.clientY, view: viewRef.current, moved: false };
  };
  const onPointerMove = (e: PointerEvent) => {
    const d = drag.current;
    if (!d || d.pointerId !== e.pointerId) return;
    const dx = e.clientX - d.x;
    const dy = e.clientY - d.y;
    if (!d.moved) {
      if (!(Math.hypot(dx, dy) >= DRAG_THRESHOLD)) return;
      d.moved = true;
      viewportRef.current?.setPointerCapture?.(e.pointerId);
      if (worldRef.current) worldRef.current.style.willChange = 'transform';
    }
    show(panBy(d.view, dx, dy));
  };
  const endDrag = (e: PointerEvent) => {
    const d = drag.current;
    if (!d || d.pointerId !== e.pointerId) return;
    drag.current = null;
    if (!d.moved) return;
    dragged.current = true;
    if (worldRef.current) worldRef.current.style.willChange = '';
    if (viewportRef.current?.hasPointerCapture?.(e.pointerId)) viewportRef.current.releasePointerCapture(e.pointerId);
  };
  // A drag that ends over a table does not open it.
  const onClickCapture = (e: MouseEvent) => {
    if (!dragged.current) return;
    dragged.current = false;
    e.preventDefault();
    e.stopPropagation();
  };
  // A click on a box (not on its name, a link that opens the table itself).
  const onClick = (e: MouseEvent) => {
    const box = (e.target as Element).closest('[data-table-box]');
    if (box && !e.defaultPrevented) navigate(`/editor/${box.getAttribute('data-table-box')}`);
  };
  // A table reached with Tab comes into view; the browser must not scroll the viewport itself.
  const onFocus = (e: FocusEvent) => {
    const id = Number((e.target as Element).closest('[data-table-box]')?.getAttribute('data-table-box'));
    const table = model.tables.find((t) => t.id === id);
    const place = layout.places.get(id);
    if (table && place) show(revealBox(viewRef.current, { ...place, width: table.width, height: table.height }, viewportSize()));
  };
  const onScroll = (e: UIEvent<HTMLDivElement>) => {
    e.currentTarget.scrollLeft = 0;
    e.currentTarget.scrollTop = 0;
  };

  return (
    <div
      ref={viewportRef}
      tabIndex={0}
      role="region"
      aria-label={`Diagram of schema ${model.schema}`}
      aria-describedby={helpId}
      onKeyDown={onKeyDown}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={endDrag}
      onPointerCancel={endDrag}
      onClickCapture={onClickCapture}
      onFocus={onFocus}
      onScroll={onScroll}
      css={{
        position: 'relative',
        flex: 1,
        minHeight: 420,
        overflow: 'hidden',
        background: c.background,
        border: `1px solid ${c.border}`,
        borderRadius: tokens.radius.md,
        cursor: 'grab',
        userSelect: 'none',
        touchAction: 'none',
        '&:focus-visible': tokens.focusRingInset,
      }}
    >
      <div ref={worldRef} onClick={onClick} css={{ position: 'absolute', left: 0, top: 0, transformOrigin: '0 0' }} style={{ width: layout.width, height: layout.height }}>
        <DiagramContent model={model} layout={layout} />
      </div>
      <div
        role="group"
        aria-label="Diagram view"
        data-diagram-controls
        css={{
          position: 'absolute',
          right: tokens.space.md,
          bottom: tokens.space.md,
          display: 'flex',
          alignItems: 'center',
          gap: tokens.space.xs,
          padding: tokens.space.xs,
          background: c.surfaceRaised,
          border: `1px solid ${c.border}`,
          borderRadius: tokens.radius.md,
          boxShadow: tokens.elevation.popover,
          cursor: 'default',
        }}
      >
        <Button size="small" variant="ghost" icon={<MinusIcon />} aria-label="Zoom out" aria-keyshortcuts="-" onClick={() => zoomBy(1 / ZOOM_STEP)} />
        <span title="Zoom" css={{ minWidth: 44, textAlign: 'center', fontSize: tokens.fontSize.xs, color: c.textMuted, fontVariantNumeric: 'tabular-nums' }}>
          {zoom}%
        </span>
        <Button size="small" variant="ghost" icon={<PlusIcon />} aria-label="Zoom in" aria-keyshortcuts="+" onClick={() => zoomBy(ZOOM_STEP)} />
        <Button size="small" variant="ghost" icon={<FitIcon />} aria-keyshortcuts="0" onClick={fit}>
          Fit to view
        </Button>
      </div>
    </div>
  );
}
