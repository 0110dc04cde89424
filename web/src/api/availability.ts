import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Availability } from '@luxe/contracts';
import { callApi } from '../lib/api-client';
import { BOOKINGS_KEY } from './query-keys';

export interface AvailabilityArgs {
  venueId: string;
  date: string;
  /** The section of a club; none for a yacht (booked whole). */
  sectionId?: string;
  duration: number;
  /** The entertainer chosen for a VIP room: the times he is booked in any room are taken too. */
  dancerId?: string;
}

/** GET /api/venues/{id}/availability: the date's taken start times and the month's sold-out nights. */
export function getAvailability(
  { venueId, date, sectionId, duration, dancerId }: AvailabilityArgs,
  signal?: AbortSignal,
): Promise<Availability> {
  return callApi(
    api.bookings.availability,
    { params: { id: venueId }, query: { date, sectionId, duration, dancerId } },
    { signal },
  );
}

export function getAvailabilityQueryOptions(args: AvailabilityArgs) {
  return queryOptions({
    queryKey: [
      ...BOOKINGS_KEY,
      'availability',
      args.venueId,
      args.sectionId ?? '',
      args.date,
      args.duration,
      args.dancerId ?? '',
    ] as const,
    queryFn: ({ signal }) => getAvailability(args, signal),
    // Availability changes with every booking: read again on each visit, never a retry storm.
    staleTime: 0,
    retry: 1,
  });
}

/**
 * What the time grid disables. Advisory: the server still decides at Reserve (SLOT_TAKEN); while it
 * loads or if it fails, nothing is disabled.
 */
export function useAvailability(args: AvailabilityArgs, enabled: boolean) {
  return useQuery({ ...getAvailabilityQueryOptions(args), enabled, placeholderData: keepPreviousData });
}
