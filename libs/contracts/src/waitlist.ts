import { format, parseISO } from 'date-fns';
import { z } from 'zod';
import { JOIN_REQUEST_MESSAGES, joinRequestSchema } from './social';

/**
 * Guest list with a waitlist (docs/product.md#social-guest-list). The host sets a guest limit for
 * his booking; an approval past it puts the request on the waitlist (FIFO by approval time); when a
 * guest leaves or is removed, social's consumer of that event promotes the first waitlisted
 * request(s), exactly once.
 *
 * Decisions:
 * - What counts against the limit: the guests who joined through the app (approved join requests and
 *   accepted invites to the booking, one per person). The host and the booking's named friends are
 *   not counted against the limit but take places of the section: the largest limit is
 *   `capacity - 1 (host) - friends`. A capacity not known (an event confirmed before bookings kept
 *   capacities) bounds nothing.
 * - Lowering the limit below the guests already counted is refused (nobody is removed by it);
 *   raising or clearing it promotes from the waitlist (event-driven, like a departure).
 * - An approval while the list is full, or while others already wait, is waitlisted (first come,
 *   first served: a freed place is never taken by a newer approval before the waitlist's first).
 * - The list's bound is the host's guest limit or, without one, the section's places
 *   (`placesLimit`: capacity less the host and his friends; unknown capacity: no bound). Approvals
 *   past it are waitlisted; accepting an invite past it is refused (409 'full': an invite has no
 *   waitlist), and so is accepting while others wait (first come, first served). A guest already
 *   on the list (approved, or through another invite) takes no second place. Remove and Leave act
 *   on join requests only; a guest also admitted by an accepted invite stays an attendee.
 * - A guest who left or was removed may ask again (a new request); a waitlisted guest may leave the
 *   waitlist; a deleted member's places are promoted from as well.
 */
export const WAITLIST_MESSAGES = {
  guestLimit: 'Guest limit must be a whole number of at least 1',
  overCapacity: 'Guest limit cannot exceed the places left in this section (its capacity minus you and your friends)',
  belowApproved: 'Guest limit cannot be lower than the number of guests already on the list; remove guests first',
  notAttending: 'You are not on the guest list of this event',
  notOnList: 'This guest is not on the guest list or the waitlist',
  full: 'The guest list of this event is full',
  limitSaved: 'Guest limit saved',
  limitCleared: 'Guest limit removed',
  limitFailed: 'Failed to save the guest limit',
  removeFailed: 'Failed to remove the guest',
  leaveFailed: 'Failed to leave the event',
} as const;

/** The text messaging sends the promoted guest, from the host, in their conversation ('… for Velvet on Saturday, Jun 06, 2099.'). */
export function waitlistPromotedMessage(venueName: string, bookingDate: string): string {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(bookingDate)
    ? format(parseISO(bookingDate), 'EEEE, MMM dd, yyyy')
    : bookingDate;
  return `Good news: a spot opened up — you're now on the guest list for ${venueName} on ${date}.`;
}

export const guestListParamsSchema = z.object({ id: z.uuid({ error: JOIN_REQUEST_MESSAGES.notFound }) });

/** `PUT /api/bookings/:id/guest-limit`: a whole number ≥ 1, or null to remove the limit. */
export const guestLimitInputSchema = z.object({
  guestLimit: z
    .number({ error: WAITLIST_MESSAGES.guestLimit })
    .int(WAITLIST_MESSAGES.guestLimit)
    .min(1, WAITLIST_MESSAGES.guestLimit)
    .max(10_000, WAITLIST_MESSAGES.guestLimit)
    .nullable(),
});
export type GuestLimitInput = z.input<typeof guestLimitInputSchema>;

/**
 * `GET /api/bookings/:id/guest-list`. The host sees everyone (approved guests in approval order,
 * the waitlist in order); an approved or waitlisted guest sees the figures only (empty lists).
 */
export const guestListSchema = z.object({
  bookingId: z.uuid(),
  /** People the section holds (null: not known for an event confirmed before capacities were kept). */
  capacity: z.number().int().nullable(),
  /** The largest limit the host may set (capacity minus the host and his friends); null when unknown. */
  maxGuestLimit: z.number().int().nullable(),
  guestLimit: z.number().int().nullable(),
  /** Guests counted against the limit (approved requests and accepted invites, one per person). */
  approvedCount: z.number().int(),
  waitlistCount: z.number().int(),
  /** The viewer is the host (lists filled) or a guest (figures only). */
  viewerRole: z.enum(['host', 'guest']),
  approved: z.array(joinRequestSchema),
  waitlist: z.array(joinRequestSchema),
});
export type GuestList = z.output<typeof guestListSchema>;

/**
 * The first `free` waitlisted requests, in waitlist order (by the time they were waitlisted, then id):
 * who is promoted when places open. `free` is never negative: a full list promotes nobody.
 */
export function nextToPromote<T extends { waitlistedAt: Date | string | null; id: string }>(
  waitlist: readonly T[],
  free: number,
): T[] {
  const at = (r: T) => (r.waitlistedAt ? new Date(r.waitlistedAt).getTime() : Number.MAX_SAFE_INTEGER);
  return [...waitlist].sort((a, b) => at(a) - at(b) || a.id.localeCompare(b.id)).slice(0, Math.max(0, free));
}

/** Places free under the limit (no limit: every waitlisted request fits). */
export function freePlaces(limit: number | null, approvedCount: number, waitlisted: number): number {
  return limit === null ? waitlisted : Math.max(0, limit - approvedCount);
}

/** The largest limit a host may set: the section's capacity less the host and his named friends (null when unknown). */
export function maxGuestLimit(capacity: number | null, friendsCount: number): number | null {
  return capacity === null ? null : Math.max(0, capacity - 1 - friendsCount);
}

/** How many guests the list holds: the host's limit, else the section's places (null: no bound known). */
export function placesLimit(event: {
  guestLimit: number | null;
  capacity: number | null;
  friendsCount: number;
}): number | null {
  return event.guestLimit ?? maxGuestLimit(event.capacity, event.friendsCount);
}
