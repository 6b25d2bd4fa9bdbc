import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
// Only the manifest reader: the area machinery loads with the first area page.
import { loadEnvironment } from './federation/environment';
import { createShellApi } from './app/api';
import { createShellQueryClient } from './app/query-client';
import { ShellProviders } from './app/providers';
import { ShellRoutes } from './app/routes';
import { FullPageMessage } from './app/full-page-message';

/** Starts the console: reads the environment manifest, then renders the shell's router. */
async function start(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element to render the console into');
  const root = createRoot(container);
  root.render(<FullPageMessage title="Starting Plinth…" busy />);
  try {
    const environment = await loadEnvironment();
    root.render(
      <ShellProviders api={createShellApi()} queryClient={createShellQueryClient()} buildMode={environment.buildMode}>
        <BrowserRouter>
          <ShellRoutes />
        </BrowserRouter>
      </ShellProviders>,
    );
  } catch (err) {
    root.render(
      <FullPageMessage
        title="The console could not start"
        detail={`Reading the environment manifest failed: ${(err as Error).message}`}
        action={{ label: 'Try again', onClick: () => window.location.reload() }}
      />,
    );
  }
}

void start();
