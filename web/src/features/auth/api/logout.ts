import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '@luxe/contracts';
import { ApiError, callApi } from '../../../lib/api-client';
import { clearCurrentUser } from '../../../lib/auth-store';
import { getMeQueryOptions } from '../../../api/me';

/** POST /api/auth/logout: ends the session. A 401 means it had already ended, which is the goal. */
export async function logout(): Promise<void> {
  try {
    await callApi(api.auth.logout, {});
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return;
    throw error;
  }
}

export interface UseLogoutOptions {
  onSuccess?: () => void;
  onError?: (error: unknown) => void;
}

/**
 * Forgets the signed-in user: the stored user and every cached query of theirs (the session on the
 * server has already ended: a log-out, or a password reset, which ends every session).
 */
export async function forgetSignedInUser(queryClient: QueryClient): Promise<void> {
  const meKey = getMeQueryOptions().queryKey;
  await queryClient.cancelQueries({ queryKey: meKey });
  queryClient.setQueryData(meKey, null);
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== meKey[0] });
  clearCurrentUser('logout');
}

/** Logs out, then forgets the stored user and every cached query of that user. */
export function useLogout({ onSuccess, onError }: UseLogoutOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: async () => {
      await forgetSignedInUser(queryClient);
      onSuccess?.();
    },
    onError,
  });
}
