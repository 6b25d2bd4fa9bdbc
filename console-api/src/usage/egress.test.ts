import { describe, expect, it } from 'vitest';
import type { ControlDatabase } from '@plinth/platform-core/deps';
import { EgressCounter } from './egress';

/** A control database holding one egress column, whose updates wait until the test lets them finish. */
function slowControl() {
  const table = new Map<string, number>([['p1', 0]]);
  let release: () => void = () => undefined;
  let updating: Promise<void> = Promise.resolve();
  const query = async (sql: string, params: unknown[] = []) => {
    if (sql.startsWith('update')) {
      const [bytes, ref] = params as [number, string];
      updating = new Promise((r) => (release = r));
      await updating;
      table.set(ref, (table.get(ref) ?? 0) + bytes);
      return { rows: [], rowCount: 1 };
    }
    const refs = params[0] as string[];
    return { rows: refs.filter((r) => table.has(r)).map((ref) => ({ ref, egress_bytes: table.get(ref)! })), rowCount: refs.length };
  };
  return { control: { query } as unknown as ControlDatabase, table, finishUpdate: () => release() };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('egress counter', () => {
  it('counts bytes being written by a flush exactly once in a read made meanwhile', async () => {
    const { control, table, finishUpdate } = slowControl();
    const egress = new EgressCounter(control);
    egress.record('p1', 1000);
    const flushing = egress.flush();
    await tick();
    const read = egress.totals(['p1']);
    egress.record('p1', 24);
    finishUpdate();
    await flushing;
    expect((await read).get('p1')).toBe(1024);
    expect(table.get('p1')).toBe(1000);
    expect(egress.unflushed('p1')).toBe(24);
  });

  it('keeps bytes recorded while a flush runs for the next flush', async () => {
    const { control, table, finishUpdate } = slowControl();
    const egress = new EgressCounter(control);
    egress.record('p1', 10);
    const first = egress.flush();
    await tick();
    egress.record('p1', 5);
    finishUpdate();
    await first;
    const second = egress.flush();
    await tick();
    finishUpdate();
    await second;
    expect(table.get('p1')).toBe(15);
    expect((await egress.totals(['p1'])).get('p1')).toBe(15);
  });
});
