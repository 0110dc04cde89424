import { useMutation, useQuery } from '@tanstack/react-query';
import { api, type SplitInput } from '@luxe/contracts';
import { ApiError, callApi } from '../../../lib/api-client';

/** The split feature's query keys, the one place they are spelt. */
export const splitKeys = {
  share: (token: string) => ['split-share', token] as const,
  ofBooking: (bookingId: string) => ['booking-split', bookingId] as const,
};

/** POST /api/bookings/{id}/split: the server splits the host's held booking (amounts are the server's). */
export function createSplit(bookingId: string, input: SplitInput) {
  return callApi(api.split.create, { params: { id: bookingId }, body: input });
}
export function useCreateSplit(bookingId: string) {
  return useMutation({ mutationFn: (input: SplitInput) => createSplit(bookingId, input) });
}

/** GET /api/split-shares/{token}: a guest's share as its link shows it. */
export function useSplitShare(token: string) {
  return useQuery({
    queryKey: splitKeys.share(token),
    queryFn: ({ signal }) => callApi(api.split.share, { params: { token } }, { signal }),
    retry: false,
  });
}

/** POST /api/split-shares/{token}/payment-intent: the share's card payment (the same again if asked again). */
export function useShareIntent(token: string) {
  return useMutation({ mutationFn: () => callApi(api.split.shareIntent, { params: { token } }) });
}

/** GET /api/bookings/{id}/split: who has paid (none: null). */
export function useBookingSplit(bookingId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: splitKeys.ofBooking(bookingId),
    queryFn: async ({ signal }) => {
      try {
        return await callApi(api.split.get, { params: { id: bookingId } }, { signal });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    enabled,
    retry: false,
  });
}
