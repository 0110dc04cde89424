import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type AdminUser, type RouteQueryInput, type RouteResponse } from '@luxe/contracts';
import { callApi } from '../../../lib/api-client';
import { adminListKey } from './keys';

export type AdminUsersQuery = RouteQueryInput<typeof api.admin.users>;
export type AdminUsersPage = RouteResponse<typeof api.admin.users>;

/** GET /api/admin/users?search=&userType=&status=&page=&pageSize=. */
export function getAdminUsers(query: AdminUsersQuery, signal?: AbortSignal): Promise<AdminUsersPage> {
  return callApi(api.admin.users, { query }, { signal });
}

/** Without a query: the key every users page starts with (what the decisions invalidate). */
export function getAdminUsersQueryOptions(query: AdminUsersQuery = {}) {
  return queryOptions({
    queryKey: [...adminListKey('users'), query] as const,
    queryFn: ({ signal }) => getAdminUsers(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAdminUsers(query: AdminUsersQuery) {
  return useQuery(getAdminUsersQueryOptions(query));
}

/** After a suspension changes, the users, the reports (they show whether the reported is suspended) and the audit log are read again. */
function useInvalidateAfterSuspension() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminListKey('users') }),
      queryClient.invalidateQueries({ queryKey: adminListKey('reports') }),
      queryClient.invalidateQueries({ queryKey: adminListKey('audit-log') }),
    ]);
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
