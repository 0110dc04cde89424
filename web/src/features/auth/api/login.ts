import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginDto, PublicUser } from '@luxe/contracts';
import { callApi } from '../../../lib/api-client';
import { apiRefs } from '../../../lib/route-refs';
import { setCurrentUser } from '../../../lib/auth-store';
import { getMeQueryOptions } from '../../../api/me';

/** POST /api/auth/login: starts a session (cookie) and returns the user. */
export function login(input: LoginDto): Promise<PublicUser> {
  return callApi(apiRefs.auth.login, { body: input });
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
      const meKey = getMeQueryOptions().queryKey;
      await queryClient.cancelQueries({ queryKey: meKey });
      queryClient.setQueryData(meKey, user);
      setCurrentUser(user);
      onSuccess?.(user);
    },
    onError,
  });
}
