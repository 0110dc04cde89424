import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type RouteQueryInput, type RouteResponse } from '@luxe/contracts';
import { callApi } from '../../../lib/api-client';
import { adminListKey } from './keys';

export type AdminVipRoomsQuery = RouteQueryInput<typeof api.admin.vipRooms>;
export type AdminVipRoomsPage = RouteResponse<typeof api.admin.vipRooms>;
export type AdminDancersPage = RouteResponse<typeof api.admin.dancers>;

/** GET /api/admin/vip-rooms?search=&venueId=&page=: each room with its venue and current assignment. */
export function getAdminVipRooms(query: AdminVipRoomsQuery, signal?: AbortSignal): Promise<AdminVipRoomsPage> {
  return callApi(api.admin.vipRooms, { query }, { signal });
}

export function getAdminVipRoomsQueryOptions(query: AdminVipRoomsQuery = {}) {
  return queryOptions({
    queryKey: [...adminListKey('vip-rooms'), query] as const,
    queryFn: ({ signal }) => getAdminVipRooms(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAdminVipRooms(query: AdminVipRoomsQuery) {
  return useQuery(getAdminVipRoomsQueryOptions(query));
}

/** The most dancers one venue's assignment list shows (the contract's largest page). */
export const DANCERS_PAGE_SIZE = 100;

/** GET /api/admin/dancers?venueId=: the dancers of one venue, the only ones its VIP rooms take. */
export function getVenueDancers(venueId: string, signal?: AbortSignal): Promise<AdminDancersPage> {
  return callApi(api.admin.dancers, { query: { venueId, pageSize: DANCERS_PAGE_SIZE } }, { signal });
}

export function getVenueDancersQueryOptions(venueId: string) {
  return queryOptions({
    queryKey: [...adminListKey('dancers'), venueId] as const,
    queryFn: ({ signal }) => getVenueDancers(venueId, signal),
  });
}

export function useVenueDancers(venueId: string) {
  return useQuery(getVenueDancersQueryOptions(venueId));
}

function useInvalidateAssignments() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminListKey('vip-rooms') }),
      queryClient.invalidateQueries({ queryKey: adminListKey('audit-log') }),
    ]);
}

/** POST /api/admin/vip-assignments {sectionId, dancerId}: proposes the dancer for the room. */
export function useAssignDancer() {
  const invalidate = useInvalidateAssignments();
  return useMutation({
    mutationFn: (body: { sectionId: string; dancerId: string }) => callApi(api.admin.assignDancer, { body }),
    onSettled: invalidate,
  });
}

/** DELETE /api/admin/vip-assignments/{id}: revokes a proposed or accepted assignment. */
export function useRevokeAssignment() {
  const invalidate = useInvalidateAssignments();
  return useMutation({
    mutationFn: (id: string) => callApi(api.admin.revokeAssignment, { params: { id } }),
    onSettled: invalidate,
  });
}
