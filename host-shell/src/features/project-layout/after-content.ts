import { useEffect, useState } from 'react';

// What only decorates a project's frame (the usage and resource warning banner, the background
// status check) is asked for after the page's own content, so that its calls neither hold up nor
// compete with the area's code and first data on a cold page (issue 21).

/** The User Timing mark AreaOutlet sets once an area is mounted ("plinth:storage:mounted"). */
const MOUNTED_MARK = /^plinth:[^:]+:mounted$/;
/** However the page goes, the decorations come after this long. */
export const DECORATION_FALLBACK_MS = 4_000;

function areaMounted(): boolean {
  if (typeof performance === 'undefined' || typeof performance.getEntriesByType !== 'function') return true;
  return performance.getEntriesByType('mark').some((entry) => MOUNTED_MARK.test(entry.name));
}

/** Calls `then` once the page's content is there: an area mounted (when the page is an area's), then an idle moment. */
function whenContentShown(isAreaPage: boolean, then: () => void): () => void {
  let done = false;
  const timers: ReturnType<typeof setTimeout>[] = [];
  let observer: PerformanceObserver | undefined;
  const finish = () => {
    if (done) return;
    done = true;
    observer?.disconnect();
    // After the frame that shows the content, when the page has a moment.
    timers.push(setTimeout(then, 0));
  };
  if (!isAreaPage || areaMounted()) finish();
  else {
    if (typeof PerformanceObserver === 'function') {
      observer = new PerformanceObserver((list) => {
        if (list.getEntries().some((entry) => MOUNTED_MARK.test(entry.name))) finish();
      });
      try {
        observer.observe({ type: 'mark' });
      } catch {
        observer = undefined;
      }
    }
    timers.push(setTimeout(finish, DECORATION_FALLBACK_MS));
  }
  return () => {
    done = true;
    observer?.disconnect();
    for (const timer of timers) clearTimeout(timer);
  };
}

/**
 * False until the page's content is shown: for an area's page, once an area has mounted in this
 * document (at most DECORATION_FALLBACK_MS); for the shell's own pages, right after the first render.
 */
export function useAfterPageContent(isAreaPage: boolean): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (shown) return undefined;
    return whenContentShown(isAreaPage, () => setShown(true));
  }, [isAreaPage, shown]);
  return shown;
}
