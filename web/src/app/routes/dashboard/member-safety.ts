import type { QueryKey } from '@tanstack/react-query';
import { getAvailableEventsQueryOptions } from '../../../features/discovery/api/available-events';
import { DEFAULT_VENUE_LOCATION } from '../../../features/discovery/location';
import { getConversationsQueryOptions } from '../../../features/messages/api/conversations';

/**
 * The reads a block changes, by their first key segment: the blocked member leaves the
 * conversations, the available events, the invites and the swipe deck (potential matches).
 * Invites (GET /api/invites/...) and potential matches (GET /api/users/potential-matches) have no
 * feature on this branch yet: their roots follow the path convention of every other key here
 * ('invites', 'users'); take them from that feature's queryOptions once it exists.
 */
export function blockInvalidates(userId: string): QueryKey[] {
  return [
    getConversationsQueryOptions(userId).queryKey.slice(0, 1),
    getAvailableEventsQueryOptions(DEFAULT_VENUE_LOCATION).queryKey.slice(0, 1),
    ['invites'],
    ['users'],
  ];
}
