import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Bartender, type BartenderInput, type Dancer, type DancerInput } from '@luxe/contracts';
import { callApi } from '../../../lib/api-client';

/** GET /api/venues/{id}/dancers: every dancer of the owner's venue. */
export function getDancers(venueId: string): Promise<Dancer[]> {
  return callApi(api.staff.dancers, { params: { id: venueId } });
}

export function getDancersQueryOptions(venueId: string) {
  return queryOptions({ queryKey: ['venues', venueId, 'dancers'] as const, queryFn: () => getDancers(venueId) });
}

export function useDancers(venueId: string) {
  return useQuery(getDancersQueryOptions(venueId));
}

/** GET /api/venues/{id}/bartenders. */
export function getBartenders(venueId: string): Promise<Bartender[]> {
  return callApi(api.staff.bartenders, { params: { id: venueId } });
}

export function getBartendersQueryOptions(venueId: string) {
  return queryOptions({ queryKey: ['venues', venueId, 'bartenders'] as const, queryFn: () => getBartenders(venueId) });
}

export function useBartenders(venueId: string) {
  return useQuery(getBartendersQueryOptions(venueId));
}

function useInvalidate(queryKey: readonly unknown[]) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey });
}

/** POST /api/venues/{id}/dancers. */
export function useCreateDancer(venueId: string) {
  const invalidate = useInvalidate(getDancersQueryOptions(venueId).queryKey);
  return useMutation({
    mutationFn: (body: DancerInput) => callApi(api.staff.createDancer, { params: { id: venueId }, body }),
    onSuccess: invalidate,
  });
}

/** PUT /api/dancers/{id}. */
export function useUpdateDancer(venueId: string) {
  const invalidate = useInvalidate(getDancersQueryOptions(venueId).queryKey);
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: DancerInput }) =>
      callApi(api.staff.updateDancer, { params: { id }, body }),
    onSuccess: invalidate,
  });
}

/** DELETE /api/dancers/{id}. */
export function useDeleteDancer(venueId: string) {
  const invalidate = useInvalidate(getDancersQueryOptions(venueId).queryKey);
  return useMutation({
    mutationFn: (id: string) => callApi(api.staff.removeDancer, { params: { id } }),
    onSuccess: invalidate,
  });
}

/** POST /api/venues/{id}/bartenders. */
export function useCreateBartender(venueId: string) {
  const invalidate = useInvalidate(getBartendersQueryOptions(venueId).queryKey);
  return useMutation({
    mutationFn: (body: BartenderInput) => callApi(api.staff.createBartender, { params: { id: venueId }, body }),
    onSuccess: invalidate,
  });
}

/** PUT /api/bartenders/{id}. */
export function useUpdateBartender(venueId: string) {
  const invalidate = useInvalidate(getBartendersQueryOptions(venueId).queryKey);
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: BartenderInput }) =>
      callApi(api.staff.updateBartender, { params: { id }, body }),
    onSuccess: invalidate,
  });
}

/** DELETE /api/bartenders/{id}. */
export function useDeleteBartender(venueId: string) {
  const invalidate = useInvalidate(getBartendersQueryOptions(venueId).queryKey);
  return useMutation({
    mutationFn: (id: string) => callApi(api.staff.removeBartender, { params: { id } }),
    onSuccess: invalidate,
  });
}
