import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Dancer, type Section, type Venue } from '@luxe/contracts';
import { ApiError, callApi } from '../../../lib/api-client';
import { venueListQueryDefaults } from '../../../lib/query-client';

/**
 * Venue reads of the booking screen follow the venue-list rule (3 retries, never cached), except
 * that a 4xx answer (no such venue, a malformed id) is final: retrying cannot change it.
 */
export function retryUnlessClientError(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < venueListQueryDefaults.retry;
}

const venueQueryDefaults = { ...venueListQueryDefaults, retry: retryUnlessClientError } as const;

/** GET /api/venues/{id}. */
export function getVenue(id: string, signal?: AbortSignal): Promise<Venue> {
  return callApi(api.venues.get, { params: { id } }, { signal });
}

export function getVenueQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['venues', 'detail', id] as const,
    queryFn: ({ signal }) => getVenue(id, signal),
    ...venueQueryDefaults,
  });
}

export function useVenue(id: string) {
  return useQuery({ ...getVenueQueryOptions(id), enabled: id !== '' });
}

/** GET /api/venues/{id}/sections: the venue's bookable sections and VIP rooms. */
export function getVenueSections(id: string, signal?: AbortSignal): Promise<Section[]> {
  return callApi(api.venues.sections, { params: { id } }, { signal });
}

export function getVenueSectionsQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['venues', 'detail', id, 'sections'] as const,
    queryFn: ({ signal }) => getVenueSections(id, signal),
    ...venueQueryDefaults,
  });
}

export function useVenueSections(id: string, enabled = true) {
  return useQuery({ ...getVenueSectionsQueryOptions(id), enabled });
}

/** GET /api/venues/{id}/dancers: a strip club's available entertainers (members only). */
export function getBookableDancers(id: string, signal?: AbortSignal): Promise<Dancer[]> {
  return callApi(api.staff.dancers, { params: { id } }, { signal });
}

export function getBookableDancersQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['venues', 'detail', id, 'dancers'] as const,
    queryFn: ({ signal }) => getBookableDancers(id, signal),
    ...venueQueryDefaults,
  });
}

export function useBookableDancers(id: string, enabled: boolean) {
  return useQuery({ ...getBookableDancersQueryOptions(id), enabled });
}
