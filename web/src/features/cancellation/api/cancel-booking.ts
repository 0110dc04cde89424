import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Booking } from '@luxe/contracts';
import { BOOKINGS_KEY } from '../../../api/query-keys';
import { callApi } from '../../../lib/api-client';

/** POST /api/bookings/{id}/cancel: the server decides the refund and answers the cancelled booking. */
export function cancelBooking(id: string): Promise<Booking> {
  return callApi(api.bookings.cancel, { params: { id } });
}

export function useCancelBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelBooking,
    // Every list of bookings (the host's, the owner's) is out of date now.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BOOKINGS_KEY }),
  });
}
