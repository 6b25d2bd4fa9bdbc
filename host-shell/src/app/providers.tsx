import { lazy, Suspense, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { BuildMode } from '@plinth/shared-contracts';
import type { AreaManifests } from '../areas/area-table';
import { ThemeProvider } from '@plinth/shared-ui/theme';
import { ApiProvider, type ShellApi } from './api';
import { ShellSettingsProvider } from './shell-settings';

// Notices are kept in shared-ui's store until the Toaster shows them, so it can load after the first paint
// and keep the sign-in page's critical path small.
const Toaster = lazy(() => import('@plinth/shared-ui/toast').then((m) => ({ default: m.Toaster })));

interface Props {
  api: ShellApi;
  queryClient: QueryClient;
  buildMode: BuildMode;
  areas: AreaManifests;
  children: ReactNode;
}

/** Everything the shell's screens rely on: theme (kept across reloads), server cache, API client, build mode, notices. */
export function ShellProviders({ api, queryClient, buildMode, areas, children }: Props) {
  return (
    <ThemeProvider>
      <QueryClientProvider client={queryClient}>
        <ApiProvider client={api}>
          <ShellSettingsProvider value={{ buildMode, areas }}>
            {children}
            <Suspense fallback={null}>
              <Toaster />
            </Suspense>
          </ShellSettingsProvider>
        </ApiProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
