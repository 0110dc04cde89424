import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublicUser, RegisterInput } from '@luxe/contracts';
import { callApi } from '../../../lib/api-client';
import { apiRefs } from '../../../lib/route-refs';
import { clearRedirectAfterLogin, readRedirectAfterLogin, type StoredUser } from '../../../lib/auth-store';
import { adoptSessionUser } from './login';

/** POST /api/auth/register: creates the account and starts a session (cookie). */
export function registerUser(input: RegisterInput): Promise<PublicUser> {
  return callApi(apiRefs.auth.register, { body: input });
}

export interface UseRegisterOptions {
  /** `remembered`: the path the visitor was on before being asked for an account (a booking), else null. */
  onSuccess?: (user: StoredUser, remembered: string | null) => void;
  onError?: (error: unknown) => void;
}

/**
 * Registers, then stores the new user (flagged isNewUser) as the signed-in user. The remembered
 * path is handed over and forgotten: like a log-in, a sign-up goes back to where the visitor was
 * sent from (a booking half made: docs/product.md#accounts-resume-booking).
 */
export function useRegister({ onSuccess, onError }: UseRegisterOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerUser,
    onSuccess: async (user) => {
      const stored: StoredUser = { ...user, isNewUser: true };
      const remembered = readRedirectAfterLogin();
      await adoptSessionUser(queryClient, user, stored);
      clearRedirectAfterLogin();
      onSuccess?.(stored, remembered);
    },
    onError,
  });
}
