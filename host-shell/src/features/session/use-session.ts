import { useQuery } from '@tanstack/react-query';
import { queryKeys, type Session } from '@plinth/shared-contracts';
import { useAuthApi } from '../../app/api';

/** The signed-in user and MFA assurance level; user is null when nobody is signed in. */
export function useSession() {
  const auth = useAuthApi();
  return useQuery<Session>({
    queryKey: queryKeys.session(),
    queryFn: ({ signal }) => auth.getSession({ signal }),
    staleTime: 60_000,
  });
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
