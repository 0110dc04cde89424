import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Booking, type BookingInput } from '@luxe/contracts';
import { BOOKINGS_KEY } from '../../../api/query-keys';
import { callApi } from '../../../lib/api-client';

/**
 * POST /api/bookings. The server decides the host, the price and the end time: the body carries
 * the slot only (no total, no host id).
 */
export function createBooking(body: BookingInput): Promise<Booking> {
  return callApi(api.bookings.create, { body });
}

export function useCreateBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBooking,
    // The user's booking lists (kept by other screens under BOOKINGS_KEY) are out of date now.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BOOKINGS_KEY }),
  });
}

/** PUT /api/bookings/{id}/guest-visibility: who may discover the event (the host's own booking). */
export function useSetGuestVisibility(bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (guestVisibility: string) =>
      callApi(api.bookings.setGuestVisibility, { params: { id: bookingId }, body: { guestVisibility } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BOOKINGS_KEY }),
  });
}
