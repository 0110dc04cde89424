import { useMutation, useQuery } from '@tanstack/react-query';
import { api, type SplitInput } from '@luxe/contracts';
import { callApi } from '../../../lib/api-client';

/** POST /api/bookings/{id}/split: the server splits the host's held booking (amounts are the server's). */
export function createSplit(bookingId: string, input: SplitInput) {
  return callApi(api.split.create, { params: { id: bookingId }, body: input });
}
export function useCreateSplit(bookingId: string) {
  return useMutation({ mutationFn: (input: SplitInput) => createSplit(bookingId, input) });
}

/** GET /api/split-shares/{token}: a guest's share as its link shows it. */
export function useSplitShare(token: string) {
  return useQuery({ queryKey: ['split-share', token] as const, queryFn: ({ signal }) => callApi(api.split.share, { params: { token } }, { signal }), retry: false });
}

/** POST /api/split-shares/{token}/payment-intent: the share's card payment (the same again if asked again). */
export function useShareIntent(token: string) {
  return useMutation({ mutationFn: () => callApi(api.split.shareIntent, { params: { token } }) });
}
