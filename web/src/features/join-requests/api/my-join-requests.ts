import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type JoinRequest } from '@luxe/contracts';
import { callApi } from '../../../lib/api-client';

/** GET /api/event-join-requests/guest: the signed-in guest's requests with their events. */
export function getMyJoinRequests(signal?: AbortSignal): Promise<JoinRequest[]> {
  return callApi(api.joinRequests.mine, {}, { signal });
}

/** The key carries the user id (docs/product.md#conventions-server), so another account never sees a cached list. */
export function getMyJoinRequestsQueryOptions(userId: string) {
  return queryOptions({ queryKey: ['event-join-requests', 'guest', userId] as const, queryFn: ({ signal }) => getMyJoinRequests(signal) });
}

export function useMyJoinRequests(userId: string) {
  return useQuery(getMyJoinRequestsQueryOptions(userId));
}
