import {
  Children,
  cloneElement,
  isValidElement,
  useCallback,
  useEffect,
  useRef,
  useState,
  type ReactElement,
  type ReactNode,
  type Ref,
  type SyntheticEvent,
} from 'react';
import { lazyPart } from '@plinth/shared-ui/on-intent';
import type { Align, Side, TriggerBridge, TriggerHandlers, TriggerState } from './bridge';

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

/** The Radix part (its popper, layers and portal): asked for on the first hover or focus of any trigger. */
const radixPart = lazyPart(() => import('./RadixTooltip').then((m) => m.RadixTooltip));

/** After one tooltip closes, the next one shows without the hover delay for this long (moving along a toolbar). */
const SKIP_DELAY_MS = 200;
let lastClosedAt = 0;

type TriggerProps = Record<string, unknown> & { ref?: Ref<HTMLElement> };

function assignRef<T>(ref: Ref<T> | undefined, value: T | null) {
  if (typeof ref === 'function') ref(value);
  else if (ref && typeof ref === 'object') (ref as { current: T | null }).current = value;
}

/** What a replayed event needs to carry for Radix's handlers. */
const replayed = (pointerType = 'mouse') => ({ pointerType, defaultPrevented: false }) as unknown as SyntheticEvent;

/**
 * A short text shown on hover (after a delay) and on keyboard focus, beside its trigger, on Radix
 * Tooltip: Escape closes it, the pointer may move onto it, it flips to stay in the window, and the
 * trigger is described by it (aria-describedby) while it shows.
 *
 * The trigger is drawn at once by this light wrapper; Radix's part loads on the first hover or
 * focus of any trigger, so pages that show tooltips at first paint carry none of it. The trigger
 * element stays the same when the part arrives (Radix is given it as its trigger and anchor, and
 * the wrapper passes the trigger's events on), so focus and the pointer are not lost; a hover or
 * keyboard focus that came before the part is played to it once it is here.
 */
export function Tooltip(props: TooltipProps) {
  const { content, children } = props;
  if (content === null || content === undefined || content === false || content === '' || !isValidElement(children)) return <>{children}</>;
  return <ShownTooltip {...props} children={Children.only(children)} />;
}

function ShownTooltip({ content, children, side = 'top', align = 'center', delayMs = 300, open, onOpenChange }: TooltipProps & { children: ReactElement }) {
  const Radix = radixPart.useLoaded();
  const [node, setNode] = useState<HTMLElement | null>(null);
  const [state, setState] = useState<TriggerState>({ describedBy: undefined, state: 'closed' });
  const shown = state.state !== 'closed';
  // Radix's trigger handlers, as its last render gave them.
  const handlers = useRef<TriggerHandlers>({});
  // What happened before the part was here: the pointer is over the trigger, it has keyboard focus.
  const pointerInside = useRef(false);
  const keyboardFocus = useRef(false);
  const pressed = useRef(false);
  const pressedInside = useRef(false);
  // The part is asked for as soon as a tooltip is opened from outside.
  const [wanted, setWanted] = useState(open === true);
  useEffect(() => {
    if (open) setWanted(true);
  }, [open]);
  useEffect(() => {
    if (wanted) void radixPart.preload();
  }, [wanted]);

  const bridge: TriggerBridge = {
    node,
    onState: useCallback((next: TriggerState) => setState((prev) => (prev.describedBy === next.describedBy && prev.state === next.state ? prev : next)), []),
    handlers,
    onMounted: useCallback(() => {
      // Plays to Radix what it missed while it loaded.
      if (keyboardFocus.current) handlers.current.onFocus?.(replayed());
      else if (pointerInside.current && !pressedInside.current) handlers.current.onPointerMove?.(replayed());
    }, []),
  };

  const own = children.props as TriggerProps;
  // One ref callback for the element's life (a new one each render would hand React a new ref every time).
  const ownRef = useRef(own.ref);
  ownRef.current = own.ref;
  const setTrigger = useCallback((element: HTMLElement | null) => {
    setNode(element);
    assignRef(ownRef.current, element);
  }, []);
  const pass =
    (name: keyof TriggerHandlers, mine?: (event: SyntheticEvent) => boolean | void) =>
    (event: SyntheticEvent) => {
      (own[name] as ((event: SyntheticEvent) => void) | undefined)?.(event);
      // `mine` answers false when Radix must not see the event.
      if (mine?.(event) === false) return;
      handlers.current[name]?.(event);
    };
  const disabled = (event: SyntheticEvent) => (event.currentTarget as HTMLElement).getAttribute('aria-disabled') === 'true';

  const trigger = cloneElement(children as ReactElement<TriggerProps>, {
    ref: setTrigger,
    'aria-describedby': [own['aria-describedby'], state.describedBy].filter(Boolean).join(' ') || undefined,
    'data-state': state.state,
    onPointerEnter: (event: SyntheticEvent) => {
      (own.onPointerEnter as ((event: SyntheticEvent) => void) | undefined)?.(event);
      if ((event.nativeEvent as PointerEvent).pointerType === 'touch') return;
      pointerInside.current = true;
      setWanted(true);
    },
    onPointerMove: pass('onPointerMove', () => {
      // Straight on from another tooltip: no delay.
      if (!shown && Date.now() - lastClosedAt < SKIP_DELAY_MS) handlers.current.onFocus?.(replayed());
    }),
    onPointerLeave: pass('onPointerLeave', () => {
      pointerInside.current = false;
      pressedInside.current = false;
    }),
    // A press hides the tooltip, unless the trigger is disabled: its reason stays.
    onPointerDown: pass('onPointerDown', (event) => {
      pressed.current = true;
      setTimeout(() => (pressed.current = false), 0);
      if (disabled(event)) return false;
      pressedInside.current = true;
    }),
    onClick: pass('onClick', (event) => !disabled(event)),
    onFocus: pass('onFocus', () => {
      // Focus that follows a press is the pointer's, not the keyboard's.
      if (!pressed.current) {
        keyboardFocus.current = true;
        setWanted(true);
      }
      pressed.current = false;
    }),
    onBlur: pass('onBlur', () => {
      keyboardFocus.current = false;
      pressed.current = false;
    }),
  });

  return (
    <>
      {trigger}
      {Radix && wanted && node ? (
        <Radix
          bridge={bridge}
          content={content}
          side={side}
          align={align}
          delayMs={delayMs}
          open={open}
          onOpenChange={(next) => {
            if (!next) lastClosedAt = Date.now();
            onOpenChange?.(next);
          }}
        />
      ) : null}
    </>
  );
}
