import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { SeriesChart } from './SeriesChart';

describe('SeriesChart', () => {
  it('names its range and highest value, and says when no sample has come in yet', () => {
    const format = (n: number) => `${n} MB`;
    const { rerender } = render(
      <SeriesChart
        label="Database size"
        points={[
          { at: '2026-11-28T01:00:00.000Z', value: 8 },
          { at: '2026-11-28T01:05:00.000Z', value: 9 },
        ]}
        format={format}
      />,
    );
    expect(screen.getByRole('figure').querySelector('figcaption')?.textContent).toBe('11-28 01:00 UTCHighest: 9 MB11-28 01:05 UTC');
    rerender(<SeriesChart label="Database size" points={[]} format={format} />);
    expect(screen.getByRole('img', { name: 'Database size: 0 samples' })).toBeTruthy();
    expect(screen.getByRole('figure').querySelector('figcaption')?.textContent).toBe('No samples in this range yet');
  });
});
