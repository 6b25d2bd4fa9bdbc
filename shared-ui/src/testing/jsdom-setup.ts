/**
 * What jsdom lacks and the Radix primitives and the virtual list expect of a browser.
 * Used by this package's tests; areas may list it in their own vitest `setupFiles`
 * (`@plinth/shared-ui/testing/jsdom-setup`).
 */
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

afterEach(() => cleanup());

// Several test runs share the machine: give findBy…/waitFor more than the default second.
configure({ asyncUtilTimeout: 5000 });

// The picker's list (cmdk) loads on the first sign of intent in the page; in component tests it is
// loaded before any test, so a picker opens at once as it does once its code is in the browser.
await import('@plinth/shared-ui/picker').then((m) => m.preloadPickerList());

class NoopResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}

if (typeof window !== 'undefined') {
  const w = window as unknown as Record<string, unknown>;
  if (!w.ResizeObserver) w.ResizeObserver = NoopResizeObserver;
  if (!w.matchMedia) {
    w.matchMedia = (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener() {},
      removeListener() {},
      addEventListener() {},
      removeEventListener() {},
      dispatchEvent: () => false,
    });
  }
  const proto = window.HTMLElement.prototype as unknown as Record<string, unknown>;
  if (!proto.scrollIntoView) proto.scrollIntoView = function scrollIntoView() {};
  if (!proto.hasPointerCapture) proto.hasPointerCapture = () => false;
  if (!proto.releasePointerCapture) proto.releasePointerCapture = () => {};
  if (!proto.setPointerCapture) proto.setPointerCapture = () => {};
}
