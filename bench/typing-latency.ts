// Input latency of typing, read three ways in one pass of keys:
// - keydown to the end of the next frame's main-thread work (a rAF, then a task after the frame);
// - Event Timing entries longer than 16 ms (durations come rounded to 8 ms, so a plain <input>
//   scores 16 on every key: only 24 and above count);
// - the main thread's own work per key, from a Chrome trace: the tasks from the one that handles
//   the keydown to the end of the frame that shows it. This leaves out the wait for the display's
//   next frame (vsync), which the page cannot shorten: at 60 Hz a key that lands just after a frame
//   waits up to 16.7 ms for the next whatever the page does.
// The same pass over a bare <input> gives the browser's own floor to read the editor's figures against.
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright';

export interface TypingFigures {
  /** keydown to the end of the next frame, ms, one per key. */
  toFrame: number[];
  /** Event Timing entries over 16 ms. */
  slowEvents: number[];
  /** Main-thread work per key (input handling and its frame), ms. */
  work: number[];
}

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string; data?: { type?: string } };
}

/** Main-thread work per keydown in a trace: from the task that handled it to the end of its frame. */
export function workPerKey(events: TraceEvent[]): number[] {
  const isKeydown = (e: TraceEvent) => e.name === 'EventDispatch' && e.args?.data?.type === 'keydown';
  const keydowns = new Map<string, number>();
  for (const e of events) if (isKeydown(e)) keydowns.set(`${e.pid}:${e.tid}`, (keydowns.get(`${e.pid}:${e.tid}`) ?? 0) + 1);
  const main = [...keydowns.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  const onMain = events.filter((e) => e.ph === 'X' && `${e.pid}:${e.tid}` === main).sort((a, b) => a.ts - b.ts);
  const keys = onMain.filter(isKeydown);
  const tasks = onMain.filter((e) => e.name === 'ThreadControllerImpl::RunTask' || e.name === 'RunTask');
  const frames = onMain.filter((e) => e.name === 'ProxyMain::BeginMainFrame');
  const work: number[] = [];
  keys.forEach((key, i) => {
    const next = keys[i + 1]?.ts ?? Infinity;
    const frame = frames.find((f) => f.ts >= key.ts && f.ts < next);
    if (!frame) return;
    const end = frame.ts + (frame.dur ?? 0);
    const start = tasks.find((t) => t.ts <= key.ts && key.ts <= t.ts + (t.dur ?? 0))?.ts ?? key.ts;
    const busy = tasks.filter((t) => t.ts >= start && t.ts < end).reduce((sum, t) => sum + (t.dur ?? 0), 0);
    work.push(busy / 1000);
  });
  return work;
}

/** Types `keys` letters into the focused field of `page`, one every 30 ms, and reads the figures. */
export async function measureTyping(browser: Browser, page: Page, keys: number): Promise<TypingFigures> {
  await page.evaluate(() => {
    const w = window as unknown as { toFrame: number[]; slowEvents: number[] };
    w.toFrame = [];
    w.slowEvents = [];
    document.addEventListener('keydown', (e) => {
      const start = e.timeStamp;
      requestAnimationFrame(() => setTimeout(() => w.toFrame.push(performance.now() - start)));
    }, true);
    new PerformanceObserver((list) => list.getEntries().forEach((e) => { if (e.duration > 16) w.slowEvents.push(e.duration); }))
      .observe({ type: 'event', durationThreshold: 16 } as PerformanceObserverInit);
  });
  const path = join(tmpdir(), `plinth-typing-${process.pid}-${Date.now()}.json`);
  await browser.startTracing(page, { path, categories: (process.env.TRACE_CATS ?? 'toplevel,devtools.timeline,cc').split(',') });
  for (let i = 0; i < keys; i += 1) {
    await page.keyboard.type(String.fromCharCode(97 + (i % 26)));
    await page.waitForTimeout(30);
  }
  await page.waitForTimeout(500);
  await browser.stopTracing();
  const trace = JSON.parse(readFileSync(path, 'utf8')) as { traceEvents: TraceEvent[] } | TraceEvent[];
  rmSync(path, { force: true });
  const { toFrame, slowEvents } = await page.evaluate(() => {
    const w = window as unknown as { toFrame: number[]; slowEvents: number[] };
    return { toFrame: w.toFrame, slowEvents: w.slowEvents };
  });
  return { toFrame, slowEvents, work: workPerKey(Array.isArray(trace) ? trace : trace.traceEvents) };
}

/** The browser's floor: the same keys typed into a bare <input> on an empty page. */
export async function measureBareInput(browser: Browser, page: Page, keys: number): Promise<TypingFigures> {
  await page.setContent('<label>Bare field <input id="bare"></label>');
  await page.click('#bare');
  return measureTyping(browser, page, keys);
}

export const describeTyping = (f: TypingFigures) =>
  `keydown to next frame p50 ${percentile(f.toFrame, 50).toFixed(1)}, p95 ${percentile(f.toFrame, 95).toFixed(1)} ms; ` +
  `main-thread work per key p50 ${percentile(f.work, 50).toFixed(1)}, p95 ${percentile(f.work, 95).toFixed(1)}, max ${Math.max(...f.work).toFixed(1)} ms; ` +
  `Event Timing entries over 16 ms: ${f.slowEvents.length}` + (f.slowEvents.length ? ` (longest ${Math.max(...f.slowEvents)} ms)` : '');
