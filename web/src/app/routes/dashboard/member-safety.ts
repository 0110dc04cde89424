import type { QueryKey } from '@tanstack/react-query';
import { getAvailableEventsQueryOptions } from '../../../features/discovery/api/available-events';
import { DEFAULT_VENUE_LOCATION } from '../../../features/discovery/location';
import { getReceivedInvitesQueryOptions } from '../../../features/invites/api/invites';
import { getPotentialMatchesQueryOptions } from '../../../features/invites/api/swipes';
import { getConversationsQueryOptions } from '../../../features/messages/api/conversations';

/**
 * The reads a block changes, by their first key segment: the blocked member leaves the
 * conversations, the available events, the invites and the swipe deck (potential matches).
 */
export function blockInvalidates(userId: string): QueryKey[] {
  return [
    getConversationsQueryOptions(userId).queryKey.slice(0, 1),
    getAvailableEventsQueryOptions(DEFAULT_VENUE_LOCATION).queryKey.slice(0, 1),
    getReceivedInvitesQueryOptions(userId).queryKey.slice(0, 1),
    getPotentialMatchesQueryOptions(userId, undefined).queryKey.slice(0, 1),
  ];
}
