import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api, type MemberCardView, type SwipeInput, type SwipeResult } from '@luxe/contracts';
import { callApi } from '../../../lib/api-client';

/** GET /api/users/potential-matches?state=: swipe candidates (guests for a host, hosts for a guest). */
export function getPotentialMatches(state: string | undefined, signal?: AbortSignal): Promise<MemberCardView[]> {
  return callApi(api.swipes.potentialMatches, { query: { state: state || undefined } }, { signal });
}

/** The key carries the user id and the state, so another account or area never sees a cached deck. */
export function getPotentialMatchesQueryOptions(userId: string, state: string | undefined) {
  return queryOptions({
    queryKey: ['users', 'potential-matches', userId, state ?? ''] as const,
    queryFn: ({ signal }) => getPotentialMatches(state, signal),
  });
}

export function usePotentialMatches(
  userId: string,
  state: string | undefined,
  { enabled = true }: { enabled?: boolean } = {},
) {
  return useQuery({ ...getPotentialMatchesQueryOptions(userId, state), enabled });
}

/** POST /api/swipe: like or pass on a member; the answer says whether it made a match. */
export function swipe(input: SwipeInput): Promise<SwipeResult> {
  return callApi(api.swipes.swipe, { body: input });
}

export function useSwipe() {
  return useMutation({ mutationFn: swipe });
}
