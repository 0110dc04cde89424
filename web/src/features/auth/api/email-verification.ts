import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, type VerifyEmailDto } from '@luxe/contracts';
import { callApi } from '../../../lib/api-client';
import { getCurrentUser, refreshCurrentUser } from '../../../lib/auth-store';
import { getMeQueryOptions } from '../../../api/me';

/**
 * POST /api/auth/verify-email: the emailed link's token verifies its account's address (public:
 * the link may be opened signed out). A link of an account already verified answers the same.
 */
export function verifyEmail(input: VerifyEmailDto): Promise<{ message: string }> {
  return callApi(api.auth.verifyEmail, { body: input });
}

/** POST /api/auth/verify-email/resend: emails the signed-in member a new link (202; 429 past the hour's limit). */
export function resendVerification(): Promise<{ message: string }> {
  return callApi(api.auth.resendVerification, {});
}

/**
 * Asks the server who is signed in again, so the stored user's `emailVerified` changes at once.
 * The server decides: the link opened may be another account's than this browser's. Nothing
 * when nobody is signed in here (the session check of the app start covers the rest).
 */
async function refreshSignedInUser(queryClient: QueryClient): Promise<void> {
  if (!getCurrentUser()) return;
  const me = await queryClient.fetchQuery({ ...getMeQueryOptions(), staleTime: 0 }).catch(() => null);
  if (me) refreshCurrentUser(me);
}

export interface UseEmailVerificationOptions {
  onSuccess?: (answer: { message: string }) => void;
  onError?: (error: unknown) => void;
}

/** An email-verification call whose answer refreshes the signed-in user before `onSuccess`. */
function useVerificationCall<V>(
  mutationFn: (variables: V) => Promise<{ message: string }>,
  { onSuccess, onError }: UseEmailVerificationOptions,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (answer) => {
      await refreshSignedInUser(queryClient);
      onSuccess?.(answer);
    },
    onError,
  });
}

/** Verifies with the token, then refreshes the signed-in user before `onSuccess`. */
export function useVerifyEmail(options: UseEmailVerificationOptions = {}) {
  return useVerificationCall(verifyEmail, options);
}

/**
 * Sends a new link. The answer may be that the address is already verified (on another device):
 * the signed-in user is refreshed either way, so the profile says so.
 */
export function useResendVerification(options: UseEmailVerificationOptions = {}) {
  return useVerificationCall(resendVerification, options);
}
