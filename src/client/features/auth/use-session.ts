import { useQuery } from '@tanstack/react-query';
import type { SessionInfo } from '../../../domain/auth';
import { fetchSession, SESSION_QUERY_KEY } from './auth-api';

/** A fully signed-in admin: password and (when enrolled) the code done. */
export function isAdminSession(info: SessionInfo | null | undefined): info is SessionInfo {
  return Boolean(info && !info.secondFactorPending && info.user.role === 'admin');
}

/** The session as the server sees it; checked afresh whenever an admin screen mounts. */
export function useSession() {
  return useQuery({ queryKey: SESSION_QUERY_KEY, queryFn: fetchSession, staleTime: 0, refetchOnMount: 'always', retry: 1 });
}
