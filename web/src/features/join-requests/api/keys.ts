import { JOIN_REQUESTS_KEY } from '../../../api/query-keys';

/**
 * The join-request feature's query keys, the one place they are spelt: the reads' queryOptions and
 * the changes' invalidations use these. The requests sit under JOIN_REQUESTS_KEY (a request sent from
 * Discover makes them stale); a guest's keys carry his user id (docs/product.md#conventions-server).
 */
export const joinRequestKeys = {
  ofBooking: (bookingId: string) => [...JOIN_REQUESTS_KEY, 'booking', bookingId] as const,
  guests: [...JOIN_REQUESTS_KEY, 'guest'] as const,
  ofGuest: (userId: string) => [...JOIN_REQUESTS_KEY, 'guest', userId] as const,
  pendingCounts: [...JOIN_REQUESTS_KEY, 'pending-counts'] as const,
  guestList: (bookingId: string) => ['guest-list', bookingId] as const,
};
