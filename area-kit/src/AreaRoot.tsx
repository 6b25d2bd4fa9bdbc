import { useMemo, useState } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router-dom';
import type { AreaMountProps } from '@plinth/shared-contracts';
import { ThemeProvider } from '@plinth/shared-ui/theme';
import { AreaErrorBoundary } from './AreaErrorBoundary';
import { AreaProvider, type CreateAreaApi } from './area-context';
import { HistorySync } from './HistorySync';
import type { AreaApp } from './types';

function isQueryClient(value: unknown): value is QueryClient {
  return value instanceof QueryClient || (typeof value === 'object' && value !== null && 'getQueryCache' in value);
}

interface AreaRootProps {
  App: AreaApp;
  /** The area's title (from its manifest), for the error boundary's message. */
  title: string;
  createApi: CreateAreaApi;
  mountProps: AreaMountProps;
}

/**
 * Everything an area's screens expect around them: the host's query cache (its own when run
 * standalone), a router under the area's base path over the page's history, the theme, the area's
 * context (`useArea()`) and an error boundary.
 */
export function AreaRoot({ App, title, createApi, mountProps }: AreaRootProps) {
  const [ownClient] = useState(() => (isQueryClient(mountProps.queryClient) ? null : new QueryClient()));
  const client = isQueryClient(mountProps.queryClient) ? mountProps.queryClient : (ownClient as QueryClient);
  const api = useMemo(() => createApi(mountProps.apiBase), [createApi, mountProps.apiBase]);
  return (
    <QueryClientProvider client={client}>
      {/* A theme picked in the area is the shell's to keep and pass on (an older shell without setTheme: kept here). */}
      <ThemeProvider theme={mountProps.theme} persist={!mountProps.setTheme} onThemeChange={mountProps.setTheme}>
        <BrowserRouter basename={mountProps.basePath}>
          <HistorySync />
          <AreaProvider props={mountProps} api={api}>
            <AreaErrorBoundary areaTitle={title}>
              <App {...mountProps} />
            </AreaErrorBoundary>
          </AreaProvider>
        </BrowserRouter>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
