import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type PasswordResetDto, type PasswordResetRequestDto } from '@luxe/contracts';
import { callApi } from '../../../lib/api-client';
import { forgetSignedInUser } from './logout';
import { getMeQueryOptions } from '../../../api/me';

/**
 * POST /api/auth/password-reset: emails a link to choose a new password. The answer (202, its
 * message) is the same whether or not an account uses the address.
 */
export function requestPasswordReset(input: PasswordResetRequestDto): Promise<{ message: string }> {
  return callApi(api.auth.requestPasswordReset, { body: input });
}

export interface UseRequestPasswordResetOptions {
  onSuccess?: (answer: { message: string }) => void;
  onError?: (error: unknown) => void;
}

export function useRequestPasswordReset({ onSuccess, onError }: UseRequestPasswordResetOptions = {}) {
  return useMutation({ mutationFn: requestPasswordReset, onSuccess, onError });
}

/** POST /api/auth/password-reset/confirm: sets the new password with the emailed token (once). */
export async function resetPassword(input: PasswordResetDto): Promise<void> {
  await callApi(api.auth.resetPassword, { body: input });
}

export interface UseResetPasswordOptions {
  onSuccess?: () => void;
  onError?: (error: unknown) => void;
}

/**
 * Resets the password, then forgets any signed-in user of this browser the way a log-out does: the
 * server has ended every session of the account (this browser's too, if it was that member's). The
 * session check then runs again: a browser signed in to another account gets that user back.
 */
export function useResetPassword({ onSuccess, onError }: UseResetPasswordOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetPassword,
    onSuccess: async () => {
      await forgetSignedInUser(queryClient);
      void queryClient.invalidateQueries({ queryKey: getMeQueryOptions().queryKey });
      onSuccess?.();
    },
    onError,
  });
}
