import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { QueryClient } from '@tanstack/react-query';
import { CONTRACTS_MAJOR, type AreaMountProps, type AreaName } from '@plinth/shared-contracts';
import { createAreaModule } from '@plinth/area-kit';
import { AreaOutlet, type AreaOutletMountProps } from './AreaOutlet';
import type { AreaLoader } from './remotes';

afterEach(() => cleanup());

const mountProps: AreaOutletMountProps = {
  session: { user: { id: 'u1', email: 'ada@example.com', username: 'ada' } },
  permissions: [],
  apiBase: '/api',
  navigate: () => undefined,
  notify: () => undefined,
  link: () => null,
  theme: 'dark',
  buildMode: 'hosted',
  queryClient: new QueryClient(),
};

function StorageMenu(props: AreaMountProps) {
  return (
    <nav aria-label="Storage menu">
      Buckets of {props.projectRef} in {props.theme}
    </nav>
  );
}

/** A real area module, made the way every mfe-* package makes its src/index.ts. */
function areaModule(overrides: { contractsMajor?: number; fault?: 'throw-on-mount'; area?: AreaName } = {}) {
  const area = overrides.area ?? 'storage';
  return createAreaModule(StorageMenu, { area, title: 'Storage', version: '1.4.0', contractsMajor: overrides.contractsMajor ?? CONTRACTS_MAJOR, fault: overrides.fault ?? null });
}

/** A loader that answers from a queue of outcomes and counts resets. */
function scriptedLoader(outcomes: Array<() => Promise<unknown>>) {
  const calls = { load: 0, reset: 0 };
  const loader: AreaLoader = {
    load: () => {
      const next = outcomes[Math.min(calls.load, outcomes.length - 1)];
      calls.load += 1;
      return next();
    },
    reset: () => {
      calls.reset += 1;
    },
  };
  return { loader, calls };
}

function Page({ loader, timeoutMs }: { loader: AreaLoader; timeoutMs?: number }) {
  const [theme, setTheme] = useState<'dark' | 'light'>('dark');
  const [showArea, setShowArea] = useState(true);
  return (
    <div>
      <header>
        <button type="button" onClick={() => setTheme('light')}>
          Light theme
        </button>
        <button type="button" onClick={() => setShowArea(false)}>
          Leave area
        </button>
        <span>Theme is {theme}</span>
      </header>
      {showArea ? (
        <AreaOutlet
          area="storage"
          title="Storage"
          basePath="/project/abc/storage"
          projectRef="abc"
          mountProps={{ ...mountProps, theme }}
          loader={loader}
          timeoutMs={timeoutMs}
        />
      ) : null}
    </div>
  );
}

describe('AreaOutlet', () => {
  it('mounts the area with the host props, passes new props on and unmounts it on leave', async () => {
    window.history.pushState(null, '', '/project/abc/storage');
    const { loader } = scriptedLoader([async () => areaModule()]);
    const { container } = render(<Page loader={loader} />);
    expect(await screen.findByRole('navigation', { name: 'Storage menu' })).toHaveProperty('textContent', 'Buckets of abc in dark');

    await userEvent.click(screen.getByRole('button', { name: 'Light theme' }));
    await waitFor(() => expect(screen.getByRole('navigation', { name: 'Storage menu' }).textContent).toBe('Buckets of abc in light'));

    await userEvent.click(screen.getByRole('button', { name: 'Leave area' }));
    await waitFor(() => expect(container.querySelector('[data-area-root]')).toBeNull());
    expect(screen.queryByRole('navigation', { name: 'Storage menu' })).toBeNull();
  });

  it('shows the load error with Retry, and Retry fetches the remote again', async () => {
    const { loader, calls } = scriptedLoader([
      async () => {
        throw new Error('Failed to get manifest of plinth_storage: connection refused');
      },
      async () => areaModule(),
    ]);
    render(<Page loader={loader} />);
    const panel = await screen.findByRole('alert');
    expect(panel.textContent).toContain('The Storage area could not be loaded');
    expect(panel.textContent).toContain('connection refused');
    expect(screen.getByText('Theme is dark')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('navigation', { name: 'Storage menu' })).toBeTruthy();
    expect(calls).toEqual({ load: 2, reset: 1 });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('gives up on a remote slower than the time-out and says so', async () => {
    const { loader } = scriptedLoader([() => new Promise(() => undefined)]);
    render(<Page loader={loader} timeoutMs={50} />);
    const panel = await screen.findByRole('alert');
    expect(panel.textContent).toContain('The Storage area did not load within 0.05 seconds.');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('shows an area that throws while mounting as failed to start while the header keeps working', async () => {
    const { loader } = scriptedLoader([async () => areaModule({ fault: 'throw-on-mount' }), async () => areaModule()]);
    render(<Page loader={loader} />);
    const panel = await screen.findByRole('alert');
    expect(panel.textContent).toContain('The Storage area failed to start');
    expect(panel.textContent).toContain('threw while mounting');

    await userEvent.click(screen.getByRole('button', { name: 'Light theme' }));
    expect(screen.getByText('Theme is light')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('navigation', { name: 'Storage menu' })).toBeTruthy();
  });

  it('refuses an area built for another contracts major with its message', async () => {
    const { loader } = scriptedLoader([async () => areaModule({ contractsMajor: CONTRACTS_MAJOR + 1 })]);
    render(<Page loader={loader} />);
    const panel = await screen.findByRole('alert');
    expect(panel.textContent).toContain(
      `The Storage area (version 1.4.0) was built for contracts v${CONTRACTS_MAJOR + 1} and cannot run in this console (contracts v${CONTRACTS_MAJOR}). Ask its team to publish a compatible version.`,
    );
    expect(screen.queryByRole('navigation', { name: 'Storage menu' })).toBeNull();
  });
});
