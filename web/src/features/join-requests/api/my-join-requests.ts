import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type JoinRequest } from '@luxe/contracts';
import { callApi } from '../../../lib/api-client';
import { joinRequestKeys } from './keys';

/** GET /api/event-join-requests/guest: the signed-in guest's requests with their events. */
export function getMyJoinRequests(signal?: AbortSignal): Promise<JoinRequest[]> {
  return callApi(api.joinRequests.mine, {}, { signal });
}

export function getMyJoinRequestsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: joinRequestKeys.ofGuest(userId),
    queryFn: ({ signal }) => getMyJoinRequests(signal),
  });
}

export function useMyJoinRequests(userId: string) {
  return useQuery(getMyJoinRequestsQueryOptions(userId));
}
