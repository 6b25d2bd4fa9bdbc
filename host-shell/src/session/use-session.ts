import { useQuery } from '@tanstack/react-query';
import { queryKeys, type AuthClient, type Session } from '@plinth/shared-contracts';
import { useAuthApi } from '../app/api';

/** The session query, for useSession and for the shell's start, which asks before anything renders. */
export function sessionQuery(auth: AuthClient) {
  return {
    queryKey: queryKeys.session(),
    queryFn: ({ signal }: { signal?: AbortSignal }): Promise<Session> => auth.getSession({ signal }),
    staleTime: 60_000,
  };
}

/** The signed-in user and MFA assurance level; user is null when nobody is signed in. */
export function useSession() {
  return useQuery<Session>(sessionQuery(useAuthApi()));
}

export type SessionState = 'loading' | 'error' | 'signed-out' | 'needs-mfa' | 'signed-in';

/** Where a session stands (spec 000 §4.8): a second factor is owed while currentLevel differs from nextLevel. */
export function sessionState(session: Session | undefined, isLoading: boolean, isError: boolean): SessionState {
  if (isLoading) return 'loading';
  if (isError || !session) return 'error';
  if (!session.user) return 'signed-out';
  if (session.aal && session.aal.currentLevel !== session.aal.nextLevel) return 'needs-mfa';
  return 'signed-in';
}
