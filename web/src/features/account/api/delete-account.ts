import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@luxe/contracts';
import { callApi } from '../../../lib/api-client';
import { forgetDeletedAccount } from '../../../lib/auth-store';

/** DELETE /api/users/{id}: the server refuses any id but the session's own. */
export function deleteAccount(userId: string): Promise<null> {
  return callApi(api.users.deleteAccount, { params: { id: userId } });
}

export interface UseDeleteAccountOptions {
  onSuccess?: () => void;
  onError?: (error: unknown) => void;
}

/** Deletes the account, then forgets everything the browser kept about it. */
export function useDeleteAccount({ onSuccess, onError }: UseDeleteAccountOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => {
      queryClient.clear();
      forgetDeletedAccount();
      onSuccess?.();
    },
    onError,
  });
}
