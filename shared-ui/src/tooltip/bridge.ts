import { useLayoutEffect, useRef, type MutableRefObject, type SyntheticEvent } from 'react';

export type Side = 'top' | 'right' | 'bottom' | 'left';
export type Align = 'start' | 'center' | 'end';

/** The trigger events Radix's trigger listens to, passed on by the light wrapper. */
export type TriggerHandlers = Partial<Record<'onPointerMove' | 'onPointerLeave' | 'onPointerDown' | 'onFocus' | 'onBlur' | 'onClick', (event: SyntheticEvent) => void>>;

/** What Radix's trigger would set on the element: the tooltip's id while it shows, and its state. */
export interface TriggerState {
  describedBy: string | undefined;
  /** Radix's `data-state`: 'closed', 'delayed-open' or 'instant-open'. */
  state: string;
}

/** How the light wrapper and the loaded Radix part share the one trigger element. */
export interface TriggerBridge {
  /** The trigger element the wrapper drew (the part is drawn only once it is there). */
  node: HTMLElement | null;
  onState: (state: TriggerState) => void;
  handlers: MutableRefObject<TriggerHandlers>;
  /** Called once the part is drawn with its handlers: plays what it missed while it loaded. */
  onMounted: () => void;
}

/** Runs `effect` once, after the first commit. */
export function useMountedOnce(effect: () => void) {
  const done = useRef(false);
  useLayoutEffect(() => {
    if (done.current) return;
    done.current = true;
    effect();
  });
}
