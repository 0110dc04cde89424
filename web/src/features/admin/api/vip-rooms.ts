import { useMutation, useQuery } from '@tanstack/react-query';
import { api, type RouteQueryInput, type RouteResponse } from '@luxe/contracts';
import { callApi } from '../../../lib/api-client';
import { adminListKey } from './keys';
import { useAdminListPage, useInvalidateAdminLists } from './lists';

export type AdminVipRoomsQuery = RouteQueryInput<typeof api.admin.vipRooms>;
export type AdminVipRoomsPage = RouteResponse<typeof api.admin.vipRooms>;
export type AdminDancersPage = RouteResponse<typeof api.admin.dancers>;

/** GET /api/admin/vip-rooms?search=&venueId=&page=: each room with its venue and current assignment. */
export function useAdminVipRooms(query: AdminVipRoomsQuery) {
  return useAdminListPage('vip-rooms', api.admin.vipRooms, query);
}

/** The most dancers one venue's assignment list shows (the contract's largest page). */
export const DANCERS_PAGE_SIZE = 100;

/** GET /api/admin/dancers?venueId=: the dancers of one venue, the only ones its VIP rooms take. */
export function useVenueDancers(venueId: string) {
  return useQuery({
    queryKey: [...adminListKey('dancers'), venueId] as const,
    queryFn: ({ signal }): Promise<AdminDancersPage> =>
      callApi(api.admin.dancers, { query: { venueId, pageSize: DANCERS_PAGE_SIZE } }, { signal }),
  });
}

/** POST /api/admin/vip-assignments {sectionId, dancerId}: proposes the dancer for the room. */
export function useAssignDancer() {
  const invalidate = useInvalidateAdminLists('vip-rooms');
  return useMutation({
    mutationFn: (body: { sectionId: string; dancerId: string }) => callApi(api.admin.assignDancer, { body }),
    onSettled: invalidate,
  });
}

/** DELETE /api/admin/vip-assignments/{id}: revokes a proposed or accepted assignment. */
export function useRevokeAssignment() {
  const invalidate = useInvalidateAdminLists('vip-rooms');
  return useMutation({
    mutationFn: (id: string) => callApi(api.admin.revokeAssignment, { params: { id } }),
    onSettled: invalidate,
  });
}
