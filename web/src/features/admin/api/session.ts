import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api, type Admin, type AdminLoginResult, type RouteBodyInput } from '@luxe/contracts';
import { callApi } from '../../../lib/api-client';
import { clearAdminToken, setAdminSession } from '../../../lib/auth-store';
import { ADMIN_QUERY_KEY } from './keys';

export type AdminLoginInput = RouteBodyInput<typeof api.admin.login>;

/** POST /api/admin/login: a short-lived bearer token for the other /api/admin routes. */
export function adminLogin(body: AdminLoginInput): Promise<AdminLoginResult> {
  return callApi(api.admin.login, { body });
}

/** GET /api/admin/session: the admin the stored token belongs to (a 401 sends the console to /admin-login). */
export function getAdminSession(signal?: AbortSignal): Promise<Admin> {
  return callApi(api.admin.session, {}, { signal });
}

export function getAdminSessionQueryOptions() {
  return queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, 'session'] as const,
    queryFn: ({ signal }) => getAdminSession(signal),
  });
}

export function useAdminSession() {
  return useQuery(getAdminSessionQueryOptions());
}

/**
 * Signs the admin in: the token and its expiry are stored (every admin call then carries it), the
 * previous admin's lists are dropped and the session is known without asking again.
 */
export function useAdminLogin({
  onSuccess,
  onError,
}: { onSuccess?: (result: AdminLoginResult) => void; onError?: (error: unknown) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: adminLogin,
    onSuccess: (result) => {
      queryClient.removeQueries({ queryKey: ADMIN_QUERY_KEY });
      queryClient.setQueryData(getAdminSessionQueryOptions().queryKey, result.admin);
      setAdminSession(result);
      onSuccess?.(result);
    },
    onError,
  });
}

/** Drops every admin list and the session from the cache (the login page does it: nothing of a previous admin stays in memory). */
export function useForgetAdminData() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.removeQueries({ queryKey: ADMIN_QUERY_KEY }), [queryClient]);
}

/** Sign-out is the browser's: the token is forgotten (it expires on its own); the /admin guard then goes to /admin-login. */
export function signOutAdmin(): void {
  clearAdminToken('logout');
}
