import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Section, type SectionInput } from '@luxe/contracts';
import { callApi } from '../../../lib/api-client';

/** GET /api/venues/{id}/sections: the owner also sees inactive sections. */
export function getSections(venueId: string): Promise<Section[]> {
  return callApi(api.venues.sections, { params: { id: venueId } });
}

export function getSectionsQueryOptions(venueId: string) {
  return queryOptions({ queryKey: ['venues', venueId, 'sections'] as const, queryFn: () => getSections(venueId) });
}

export function useSections(venueId: string) {
  return useQuery(getSectionsQueryOptions(venueId));
}

function useInvalidateSections(venueId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: getSectionsQueryOptions(venueId).queryKey });
}

/** POST /api/venues/{id}/sections. */
export function useCreateSection(venueId: string) {
  const invalidate = useInvalidateSections(venueId);
  return useMutation({
    mutationFn: (body: SectionInput) => callApi(api.venues.createSection, { params: { id: venueId }, body }),
    onSuccess: invalidate,
  });
}

/** PUT /api/sections/{id}. */
export function useUpdateSection(venueId: string) {
  const invalidate = useInvalidateSections(venueId);
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: SectionInput }) =>
      callApi(api.venues.updateSection, { params: { id }, body }),
    onSuccess: invalidate,
  });
}

/** DELETE /api/sections/{id}. */
export function useDeleteSection(venueId: string) {
  const invalidate = useInvalidateSections(venueId);
  return useMutation({
    mutationFn: (id: string) => callApi(api.venues.removeSection, { params: { id } }),
    onSuccess: invalidate,
  });
}
