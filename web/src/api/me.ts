import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicUser } from '@luxe/contracts';
import { callApi } from '../lib/api-client';
import { apiRefs } from '../lib/route-refs';

/** GET /api/auth/me: the session's user, or null when there is no session (401). */
export function getMe(): Promise<PublicUser | null> {
  return callApi(apiRefs.auth.me, {}, { on401: 'returnNull' });
}

export function getMeQueryOptions() {
  return queryOptions({ queryKey: ['auth', 'me'] as const, queryFn: getMe });
}

/** `enabled: false` holds the request back (the session check waits for the first paint). */
export function useMe({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getMeQueryOptions(), enabled });
}
