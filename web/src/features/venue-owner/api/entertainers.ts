import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type EntertainerRequest } from '@luxe/contracts';
import { callApi } from '../../../lib/api-client';
import { getDancersQueryOptions } from './staff';

/** GET /api/venue-owner/entertainer-requests: entertainers' requests to join the owner's venues, pending first. */
const requestsQuery = queryOptions({
  queryKey: ['venue-owner', 'entertainer-requests'] as const,
  queryFn: ({ signal }) => callApi(api.entertainers.ownerRequests, {}, { signal }),
});

/** GET /api/venue-owner/vip-assignments: VIP room assignments in the owner's venues, newest first. */
const assignmentsQuery = queryOptions({
  queryKey: ['venue-owner', 'vip-assignments'] as const,
  queryFn: ({ signal }) => callApi(api.entertainers.ownerAssignments, {}, { signal }),
});

export function useEntertainerRequests() {
  return useQuery(requestsQuery);
}

/**
 * POST /api/venue-owner/entertainer-requests/{id}/approve {dancerId}: link the entertainer to an
 * existing dancer profile of the venue, or (null) to a new one in the entertainer's name. The
 * requests and the venue's dancers are read again.
 */
export function useApproveEntertainer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ request, dancerId }: { request: EntertainerRequest; dancerId: string | null }) =>
      callApi(api.entertainers.approveRequest, { params: { id: request.id }, body: { dancerId } }),
    onSuccess: (_answer, { request }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: requestsQuery.queryKey }),
        queryClient.invalidateQueries({ queryKey: getDancersQueryOptions(request.venueId).queryKey }),
      ]),
  });
}

/** POST /api/venue-owner/entertainer-requests/{id}/decline. */
export function useDeclineEntertainer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(api.entertainers.declineRequest, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: requestsQuery.queryKey }),
  });
}

export function useOwnerAssignments() {
  return useQuery(assignmentsQuery);
}

/** POST /api/venue-owner/vip-assignments/{id}/revoke (proposed or accepted only). */
export function useRevokeAssignment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(api.entertainers.revokeAssignment, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: assignmentsQuery.queryKey }),
  });
}
