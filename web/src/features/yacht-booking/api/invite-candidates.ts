import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type MemberCardView } from '@luxe/contracts';
import { callApi } from '../../../lib/api-client';

/** The Event Invites step shows a deck of 3 guests (docs/product.md#booking-yachts). */
export const INVITE_DECK_SIZE = 3;

/** GET /api/users/potential-matches?state=: guests a host may invite (never already swiped ones). */
export function getInviteCandidates(state: string, signal?: AbortSignal): Promise<MemberCardView[]> {
  return callApi(api.swipes.potentialMatches, { query: { state: state || undefined } }, { signal });
}

/** The key carries the host and the state, so another account or area never sees a cached deck. */
export function getInviteCandidatesQueryOptions(userId: string, state: string) {
  return queryOptions({
    queryKey: ['yacht-booking', 'invite-candidates', userId, state] as const,
    queryFn: ({ signal }) => getInviteCandidates(state, signal),
  });
}

const cityName = (city: string) => city.split(',')[0].trim().toLowerCase();

/** The deck: guests of the host's own city first (the "real guests from the city"), then the rest of the state, 3 at most. */
export function inviteDeck(members: readonly MemberCardView[], hostCity: string): MemberCardView[] {
  const home = cityName(hostCity);
  const local = members.filter((m) => home !== '' && cityName(m.city) === home);
  return [...local, ...members.filter((m) => !local.includes(m))].slice(0, INVITE_DECK_SIZE);
}

/** The deck of the Event Invites step: up to 3 candidates of the host's state, his city first (none for a visitor). */
export function useInviteCandidates(host: { id: string; state: string; city?: string } | null) {
  return useQuery({
    ...getInviteCandidatesQueryOptions(host?.id ?? '', host?.state ?? ''),
    enabled: host !== null,
    select: (members) => inviteDeck(members, host?.city ?? ''),
  });
}
