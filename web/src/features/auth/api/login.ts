import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { LoginDto, PublicUser } from '@luxe/contracts';
import { callApi } from '../../../lib/api-client';
import { apiRefs } from '../../../lib/route-refs';
import { setCurrentUser, type StoredUser } from '../../../lib/auth-store';
import { getMeQueryOptions } from '../../../api/me';

/** POST /api/auth/login: starts a session (cookie) and returns the user. */
export function login(input: LoginDto): Promise<PublicUser> {
  return callApi(apiRefs.auth.login, { body: input });
}

/**
 * A session has started (log-in or sign-up): /api/me's cached answer becomes the server's user (a
 * request still on its way is dropped first, so it cannot overwrite it) and `stored` the signed-in user.
 */
export async function adoptSessionUser(queryClient: QueryClient, user: PublicUser, stored: StoredUser = user) {
  const meKey = getMeQueryOptions().queryKey;
  await queryClient.cancelQueries({ queryKey: meKey });
  queryClient.setQueryData(meKey, user);
  setCurrentUser(stored);
}

export interface UseLoginOptions {
  onSuccess?: (user: PublicUser) => void;
  onError?: (error: unknown) => void;
}

export function useLogin({ onSuccess, onError }: UseLoginOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: async (user) => {
      await adoptSessionUser(queryClient, user);
      onSuccess?.(user);
    },
    onError,
  });
}
