import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ApiClient, BuildMode } from '@plinth/shared-contracts';
import { ThemeProvider } from '@plinth/shared-ui/theme';
import { Toaster } from '@plinth/shared-ui/toast';
import { ApiProvider } from './api';
import { ShellSettingsProvider } from './shell-settings';

interface Props {
  api: ApiClient;
  queryClient: QueryClient;
  buildMode: BuildMode;
  children: ReactNode;
}

/** Everything the shell's screens rely on: theme (kept across reloads), server cache, API client, build mode, notices. */
export function ShellProviders({ api, queryClient, buildMode, children }: Props) {
  return (
    <ThemeProvider>
      <QueryClientProvider client={queryClient}>
        <ApiProvider client={api}>
          <ShellSettingsProvider value={{ buildMode }}>
            {children}
            <Toaster />
          </ShellSettingsProvider>
        </ApiProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
