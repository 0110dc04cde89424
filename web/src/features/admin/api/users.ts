import { useMutation } from '@tanstack/react-query';
import { api, type AdminUser, type RouteQueryInput, type RouteResponse } from '@luxe/contracts';
import { callApi } from '../../../lib/api-client';
import { useAdminListPage, useInvalidateAdminLists } from './lists';

export type AdminUsersQuery = RouteQueryInput<typeof api.admin.users>;
export type AdminUsersPage = RouteResponse<typeof api.admin.users>;

/** GET /api/admin/users?search=&userType=&status=&page=&pageSize=. */
export function useAdminUsers(query: AdminUsersQuery) {
  return useAdminListPage('users', api.admin.users, query);
}

/** After a suspension changes, the users, the reports (they show whether the reported is suspended) and the audit log are read again. */
function useInvalidateAfterSuspension() {
  return useInvalidateAdminLists('users', 'reports');
}

/** POST /api/admin/users/{userId}/suspension {reason}. */
export function useSuspendUser() {
  const invalidate = useInvalidateAfterSuspension();
  return useMutation({
    mutationFn: ({ userId, reason }: { userId: string; reason: string }): Promise<AdminUser> =>
      callApi(api.admin.suspend, { params: { userId }, body: { reason } }),
    onSettled: invalidate,
  });
}

/** DELETE /api/admin/users/{userId}/suspension. */
export function useReinstateUser() {
  const invalidate = useInvalidateAfterSuspension();
  return useMutation({
    mutationFn: (userId: string): Promise<AdminUser> => callApi(api.admin.reinstate, { params: { userId } }),
    onSettled: invalidate,
  });
}
