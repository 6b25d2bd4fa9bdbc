import { createContext, useContext } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import type { SessionUser } from '@plinth/shared-contracts';
import { sessionState, useSession } from './use-session';
import { FullPageMessage } from '../app/full-page-message';

const SessionUserContext = createContext<SessionUser | null>(null);

/** The signed-in user; only inside <RequireSession>. */
export function useSessionUser(): SessionUser {
  const user = useContext(SessionUserContext);
  if (!user) throw new Error('useSessionUser needs <RequireSession> above it');
  return user;
}

/** Guards every signed-in page: no session → /sign-in, second factor owed → /sign-in-mfa. */
export function RequireSession() {
  const { data, isLoading, isError, error, refetch } = useSession();
  const location = useLocation();
  const state = sessionState(data, isLoading, isError);
  if (state === 'loading') return <FullPageMessage title="Checking your session…" busy />;
  if (state === 'error')
    return (
      <FullPageMessage title="Could not check your session" detail={(error as Error | null)?.message} action={{ label: 'Try again', onClick: () => void refetch() }} />
    );
  const returnTo = `${location.pathname}${location.search}`;
  if (state === 'signed-out') return <Navigate to={`/sign-in?returnTo=${encodeURIComponent(returnTo)}`} replace />;
  if (state === 'needs-mfa') return <Navigate to={`/sign-in-mfa?returnTo=${encodeURIComponent(returnTo)}`} replace />;
  return (
    <SessionUserContext.Provider value={data!.user!}>
      <Outlet />
    </SessionUserContext.Provider>
  );
}

/** A returnTo query value, kept only when it is a path inside the console. */
export function safeReturnTo(value: string | null): string {
  return value && value.startsWith('/') && !value.startsWith('//') ? value : '/projects';
}
