import {
  Children,
  cloneElement,
  isValidElement,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type FocusEvent,
  type PointerEvent,
  type ReactElement,
  type ReactNode,
  type Ref,
} from 'react';
import { createPortal } from 'react-dom';
import { css } from '@emotion/react';
import { tokens } from '@plinth/shared-ui/theme';
import { placeTooltip, type Align, type Side } from './place';

export interface TooltipProps {
  /** What the tooltip says. Nothing is shown when empty. */
  content: ReactNode;
  /** One focusable element (a Button, a link); it becomes the trigger. It must pass unknown props and its ref on to its DOM element. */
  children: ReactNode;
  side?: Side;
  align?: Align;
  /** Milliseconds of hover before it shows. Keyboard focus shows it at once. Default 300. */
  delayMs?: number;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}

const contentStyle = css({
  position: 'fixed',
  top: 0,
  left: 0,
  maxWidth: 320,
  padding: '6px 10px',
  borderRadius: tokens.radius.sm,
  background: tokens.color.surfaceRaised,
  color: tokens.color.text,
  border: `1px solid ${tokens.color.borderStrong}`,
  boxShadow: tokens.shadow.md,
  fontSize: tokens.fontSize.xs,
  lineHeight: 1.4,
  zIndex: tokens.layer.tooltip,
  overflowWrap: 'anywhere',
});

const GAP = 6;
/** After one tooltip closes, the next one shows without the hover delay for this long (moving along a toolbar). */
const SKIP_DELAY_MS = 200;
/** Time to move the pointer from the trigger onto the tooltip before it closes. */
const CLOSE_GRACE_MS = 100;
let lastClosedAt = 0;

type TriggerProps = Record<string, unknown> & { ref?: Ref<HTMLElement> };

function assignRef<T>(ref: Ref<T> | undefined, value: T | null) {
  if (typeof ref === 'function') ref(value);
  else if (ref && typeof ref === 'object') (ref as { current: T | null }).current = value;
}

/**
 * A short text shown on hover (after a delay) and on keyboard focus, beside its trigger. Escape
 * closes it; the pointer may move onto it without closing it. Placed by the trigger's box alone,
 * flipped to the other side when it would leave the window: no positioning library, so pages that
 * show tooltips at first paint carry none.
 */
export function Tooltip(props: TooltipProps) {
  const { content, children } = props;
  if (content === null || content === undefined || content === false || content === '' || !isValidElement(children)) return <>{children}</>;
  return <ShownTooltip {...props} children={Children.only(children)} />;
}

function ShownTooltip({ content, children, side = 'top', align = 'center', delayMs = 300, open: openProp, onOpenChange }: TooltipProps & { children: ReactElement }) {
  const id = useId();
  const trigger = useRef<HTMLElement | null>(null);
  const box = useRef<HTMLDivElement | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pressed = useRef(false);
  const pressedInside = useRef(false);
  /** Whether the pending timer opens (true) or closes the tooltip. */
  const opening = useRef(false);
  const [ownOpen, setOwnOpen] = useState(false);
  const open = openProp ?? ownOpen;

  const setOpen = useCallback(
    (next: boolean) => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
      opening.current = false;
      if (!next) lastClosedAt = Date.now();
      setOwnOpen(next);
      onOpenChange?.(next);
    },
    [onOpenChange],
  );
  const later = (next: boolean, ms: number) => {
    if (timer.current) clearTimeout(timer.current);
    opening.current = next;
    timer.current = setTimeout(() => setOpen(next), ms);
  };
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  // Placed before paint, and again while the page scrolls or the window changes size.
  useLayoutEffect(() => {
    if (!open) return;
    const place = () => {
      if (!trigger.current || !box.current) return;
      const at = placeTooltip(trigger.current.getBoundingClientRect(), box.current.getBoundingClientRect(), { width: window.innerWidth, height: window.innerHeight }, side, align, GAP);
      box.current.style.transform = `translate(${Math.round(at.x)}px, ${Math.round(at.y)}px)`;
      box.current.dataset.side = at.side;
    };
    place();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    window.addEventListener('scroll', place, true);
    window.addEventListener('resize', place);
    document.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('scroll', place, true);
      window.removeEventListener('resize', place);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, side, align, setOpen]);

  const hover = (event: PointerEvent) => {
    if (event.pointerType === 'touch' || pressedInside.current || opening.current) return;
    // Back over the trigger before the grace ran out: stay open.
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (open) return;
    if (Date.now() - lastClosedAt < SKIP_DELAY_MS || delayMs <= 0) setOpen(true);
    else later(true, delayMs);
  };

  const own = children.props as TriggerProps;
  const chain =
    <E,>(name: string, mine: (event: E) => void) =>
    (event: E) => {
      (own[name] as ((event: E) => void) | undefined)?.(event);
      mine(event);
    };
  const describedBy = [own['aria-describedby'], open ? id : null].filter(Boolean).join(' ') || undefined;

  const triggerElement = cloneElement(children as ReactElement<TriggerProps>, {
    ref: (node: HTMLElement | null) => {
      trigger.current = node;
      assignRef(own.ref, node);
    },
    'aria-describedby': describedBy,
    'data-state': open ? 'open' : 'closed',
    onPointerEnter: chain('onPointerEnter', hover),
    onPointerMove: chain('onPointerMove', hover),
    onPointerLeave: chain('onPointerLeave', () => {
      pressedInside.current = false;
      later(false, CLOSE_GRACE_MS);
    }),
    onPointerDown: chain('onPointerDown', (event: PointerEvent) => {
      pressed.current = true;
      setTimeout(() => (pressed.current = false), 0);
      // A press hides the tooltip until the pointer leaves, unless the trigger is disabled: its reason stays.
      if ((event.currentTarget as HTMLElement).getAttribute('aria-disabled') === 'true') return;
      pressedInside.current = true;
      setOpen(false);
    }),
    onFocus: chain('onFocus', (_event: FocusEvent) => {
      // Focus that follows a press is the pointer's, not the keyboard's: no tooltip for it.
      if (!pressed.current) setOpen(true);
      pressed.current = false;
    }),
    onBlur: chain('onBlur', () => {
      pressed.current = false;
      setOpen(false);
    }),
  });

  return (
    <>
      {triggerElement}
      {open && typeof document !== 'undefined'
        ? createPortal(
            <div
              ref={box}
              id={id}
              role="tooltip"
              css={contentStyle}
              onPointerEnter={() => {
                if (timer.current) clearTimeout(timer.current);
                timer.current = null;
              }}
              onPointerLeave={() => later(false, CLOSE_GRACE_MS)}
            >
              {content}
            </div>,
            document.body,
          )
        : null}
    </>
  );
}
