/**
 * The first key segment of the reads that one feature's change makes stale in another's: each
 * feature's key factory starts its keys with these, and the change invalidates the root (react-query
 * matches keys by prefix).
 */

/** Every booking read: the member's and the host's lists, the owner's, the availability. A booking made or cancelled makes them all stale. */
export const BOOKINGS_KEY = ['bookings'] as const;

/** Every join-request read (the host's per booking, the guest's own, the pending counts): a request sent from Discover makes them stale. */
export const JOIN_REQUESTS_KEY = ['event-join-requests'] as const;

/** Every notification read, the header bell's count with them: a push or a mark-read refreshes them all. */
export const NOTIFICATIONS_KEY = ['notifications'] as const;
