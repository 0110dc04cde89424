import { useMutation } from '@tanstack/react-query';
import { api, type RouteBodyInput, type RouteQueryInput, type RouteResponse } from '@luxe/contracts';
import { callApi } from '../../../lib/api-client';
import { useAdminListPage, useInvalidateAdminLists } from './lists';

export type AdminVenuesQuery = RouteQueryInput<typeof api.admin.venues>;
export type AdminVenuesPage = RouteResponse<typeof api.admin.venues>;
export type VenueDecision = RouteBodyInput<typeof api.admin.venueApproval>['status'];

/** GET /api/admin/venues?search=&approvalStatus=&type=&page=. */
export function useAdminVenues(query: AdminVenuesQuery) {
  return useAdminListPage('venues', api.admin.venues, query);
}

/**
 * PUT /api/admin/venues/{venueId}/approval {status}. Whatever the outcome (a 409 means another
 * admin decided first), the venues and the audit log are read again.
 */
export function useDecideVenue() {
  const invalidate = useInvalidateAdminLists('venues');
  return useMutation({
    mutationFn: ({ venueId, status }: { venueId: string; status: VenueDecision }) =>
      callApi(api.admin.venueApproval, { params: { venueId }, body: { status } }),
    onSettled: invalidate,
  });
}
