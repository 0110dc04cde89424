import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type BartenderInput, type DancerInput } from '@luxe/contracts';
import { callApi } from '../../../lib/api-client';

/** The list of one venue's dancers or bartenders: every change to a member reads it again. */
function staffKey(venueId: string, kind: 'dancers' | 'bartenders') {
  return ['venues', venueId, kind] as const;
}

/** GET /api/venues/{id}/dancers: every dancer of the owner's venue. */
export function getDancersQueryOptions(venueId: string) {
  return queryOptions({
    queryKey: staffKey(venueId, 'dancers'),
    queryFn: () => callApi(api.staff.dancers, { params: { id: venueId } }),
  });
}

export function useDancers(venueId: string) {
  return useQuery(getDancersQueryOptions(venueId));
}

/** GET /api/venues/{id}/bartenders. */
export function getBartendersQueryOptions(venueId: string) {
  return queryOptions({
    queryKey: staffKey(venueId, 'bartenders'),
    queryFn: () => callApi(api.staff.bartenders, { params: { id: venueId } }),
  });
}

/** A change to one member of the venue's staff; on success the venue's list of that kind is read again. */
function useStaffChange<V>(
  venueId: string,
  kind: 'dancers' | 'bartenders',
  mutationFn: (variables: V) => Promise<unknown>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKey(venueId, kind) }),
  });
}

type Update<B> = { id: string; body: B };

/** POST /api/venues/{id}/dancers. */
export const useCreateDancer = (venueId: string) =>
  useStaffChange(venueId, 'dancers', (body: DancerInput) =>
    callApi(api.staff.createDancer, { params: { id: venueId }, body }),
  );

/** PUT /api/dancers/{id}. */
export const useUpdateDancer = (venueId: string) =>
  useStaffChange(venueId, 'dancers', ({ id, body }: Update<DancerInput>) =>
    callApi(api.staff.updateDancer, { params: { id }, body }),
  );

/** DELETE /api/dancers/{id}. */
export const useDeleteDancer = (venueId: string) =>
  useStaffChange(venueId, 'dancers', (id: string) => callApi(api.staff.removeDancer, { params: { id } }));

/** POST /api/venues/{id}/bartenders. */
export const useCreateBartender = (venueId: string) =>
  useStaffChange(venueId, 'bartenders', (body: BartenderInput) =>
    callApi(api.staff.createBartender, { params: { id: venueId }, body }),
  );

/** PUT /api/bartenders/{id}. */
export const useUpdateBartender = (venueId: string) =>
  useStaffChange(venueId, 'bartenders', ({ id, body }: Update<BartenderInput>) =>
    callApi(api.staff.updateBartender, { params: { id }, body }),
  );

/** DELETE /api/bartenders/{id}. */
export const useDeleteBartender = (venueId: string) =>
  useStaffChange(venueId, 'bartenders', (id: string) => callApi(api.staff.removeBartender, { params: { id } }));
