import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { SeriesChart } from './SeriesChart';

describe('SeriesChart', () => {
  it('names its samples and latest value, reads every sample in its table (a gap as a dash), and says when no sample has come in yet', () => {
    const format = (n: number) => `${n} MB`;
    const { rerender } = render(
      <SeriesChart
        label="Database size"
        points={[
          { at: '2026-11-28T01:00:00.000Z', value: 8 },
          { at: '2026-11-28T01:05:00.000Z', value: null },
          { at: '2026-11-28T01:10:00.000Z', value: 9 },
        ]}
        format={format}
      />,
    );
    expect(screen.getByRole('img', { name: 'Database size: 3 samples, latest 9 MB' })).toBeTruthy();
    const rows = within(screen.getByRole('table', { name: 'Database size, figures' })).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual(['TimeDatabase size', '11-28 01:00 UTC8 MB', '11-28 01:05 UTC–', '11-28 01:10 UTC9 MB']);
    // The legend names the series and the range while the pointer is away.
    expect(screen.getByText('11-28 01:00 UTC – 11-28 01:10 UTC')).toBeTruthy();
    expect(screen.getByRole('figure').hasAttribute('data-live-figure')).toBe(true);
    rerender(<SeriesChart label="Database size" points={[]} format={format} />);
    expect(screen.getByRole('img', { name: 'Database size: 0 samples' })).toBeTruthy();
    expect(screen.getByRole('figure').querySelector('figcaption')?.textContent).toBe('No samples in this range yet');
  });
});
