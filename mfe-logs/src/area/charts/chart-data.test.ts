import { describe, expect, it } from 'vitest';
import { drawnValues, hoverText, tallestDrawn } from './chart-data';

const data = {
  times: [Date.UTC(2026, 0, 2, 10, 0), Date.UTC(2026, 0, 2, 10, 1), Date.UTC(2026, 0, 2, 10, 2)],
  series: [
    { label: 'Successful', values: [3, 0, null], color: 'brand' as const },
    { label: 'Failed', values: [1, 2, null], color: 'danger' as const },
  ],
};

describe('time chart data', () => {
  it('stacks each series on the ones before it, keeps gaps, and takes the tallest stack as the top', () => {
    expect(drawnValues({ ...data, stacked: true })).toEqual([
      [3, 0, null],
      [4, 2, null],
    ]);
    expect(drawnValues(data)).toEqual([data.series[0]!.values, data.series[1]!.values]);
    expect(tallestDrawn({ ...data, stacked: true })).toBe(4);
    expect(tallestDrawn(data)).toBe(3);
    expect(tallestDrawn({ times: [1], series: [{ label: 'x', values: [0], color: 'brand' }] })).toBe(1);
  });

  it('names the time and every value under the pointer', () => {
    const label = (ms: number) => new Date(ms).toISOString().slice(11, 16);
    expect(hoverText(data, 1, label, String)).toBe('10:01 · Successful 0 · Failed 2');
    expect(hoverText(data, 2, label, String)).toBe('10:02 · Successful – · Failed –');
    expect(hoverText(data, 7, label, String)).toBe('');
  });
});
