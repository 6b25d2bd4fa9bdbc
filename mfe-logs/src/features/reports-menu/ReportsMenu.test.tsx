import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { useRealApi } from '@plinth/area-kit/testing/real-api';
import { createApi } from '../../api';
import { renderArea } from '../../testing/render-area';

const api = useRealApi(createApi);

describe('reports menu', { timeout: 20_000 }, () => {
  it('lists the reports and titles each report page, marking the open one', async () => {
    for (const [path, title, entry] of [
      ['reports', 'Reports', 'Overview'],
      ['reports/api-overview', 'API', 'API'],
      ['reports/storage', 'Storage', 'Storage'],
      ['reports/database', 'Database', 'Database'],
      ['reports/query-performance', 'Query performance', 'Query performance'],
    ] as const) {
      const view = renderArea(path, { api });
      const menu = screen.getByRole('navigation', { name: 'Reports' });
      expect(within(menu).getAllByRole('link').map((l) => l.textContent)).toEqual(['Overview', 'API', 'Storage', 'Database', 'Query performance']);
      // The report pages' code loads with the first one opened.
      expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(title);
      expect(within(menu).getAllByRole('link').filter((l) => l.getAttribute('aria-current') === 'page').map((l) => l.textContent)).toEqual([entry]);
      view.unmount();
    }
  });

  it('is a hosted-only section', () => {
    renderArea('reports/database', { api, buildMode: 'self-hosted' });
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.getByText('This page is only available on the hosted platform.')).toBeTruthy();
  });
});
