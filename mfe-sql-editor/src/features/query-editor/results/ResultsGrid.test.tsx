import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

const saved = vi.hoisted(() => [] as string[]);
vi.mock('@plinth/area-kit', () => ({ useArea: () => ({ notify: () => undefined }) }));
vi.mock('@plinth/shared-ui/layout', async (original) => ({ ...(await original<object>()), saveFile: (name: string) => saved.push(name) }));

const { default: ResultsGrid } = await import('./ResultsGrid');

describe('the results grid of a large result', () => {
  it('grows as rows arrive and exports only once every row is there', async () => {
    const user = userEvent.setup();
    const rows = (count: number) => Array.from({ length: count }, (_, i) => [i + 1, `row ${i + 1}`]);
    const { rerender } = render(<ResultsGrid columns={['n', 'label']} rows={rows(2)} rowsToCome={3} height={400} />);
    const grid = screen.getByRole('grid', { name: 'Results' });
    expect(grid.getAttribute('aria-rowcount')).toBe('3');
    const csv = screen.getByRole('button', { name: 'Export CSV' });
    expect(csv.getAttribute('aria-disabled')).toBe('true');
    await user.click(csv);
    await user.click(screen.getByRole('button', { name: 'Export JSON' }));
    expect(saved).toEqual([]);

    rerender(<ResultsGrid columns={['n', 'label']} rows={rows(5)} rowsToCome={0} height={400} />);
    expect(grid.getAttribute('aria-rowcount')).toBe('6');
    expect(within(grid).getAllByRole('row')).toHaveLength(6);
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(saved).toEqual(['query-results.csv']);
  });
});
