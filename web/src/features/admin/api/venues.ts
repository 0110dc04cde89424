import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type RouteBodyInput, type RouteQueryInput, type RouteResponse } from '@luxe/contracts';
import { callApi } from '../../../lib/api-client';
import { adminListKey } from './keys';

export type AdminVenuesQuery = RouteQueryInput<typeof api.admin.venues>;
export type AdminVenuesPage = RouteResponse<typeof api.admin.venues>;
export type VenueDecision = RouteBodyInput<typeof api.admin.venueApproval>['status'];

/** GET /api/admin/venues?search=&approvalStatus=&type=&page=. */
export function getAdminVenues(query: AdminVenuesQuery, signal?: AbortSignal): Promise<AdminVenuesPage> {
  return callApi(api.admin.venues, { query }, { signal });
}

export function getAdminVenuesQueryOptions(query: AdminVenuesQuery = {}) {
  return queryOptions({
    queryKey: [...adminListKey('venues'), query] as const,
    queryFn: ({ signal }) => getAdminVenues(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAdminVenues(query: AdminVenuesQuery) {
  return useQuery(getAdminVenuesQueryOptions(query));
}

/**
 * PUT /api/admin/venues/{venueId}/approval {status}. Whatever the outcome (a 409 means another
 * admin decided first), the venues and the audit log are read again.
 */
export function useDecideVenue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ venueId, status }: { venueId: string; status: VenueDecision }) =>
      callApi(api.admin.venueApproval, { params: { venueId }, body: { status } }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminListKey('venues') }),
        queryClient.invalidateQueries({ queryKey: adminListKey('audit-log') }),
      ]),
  });
}
