import { todayInNewYork, type Booking, type Invite, type InviteInput, type MemberCardView } from '@luxe/contracts';
import { bySoonest, formatBookingDate, formatStartTime, inviteEventTitle, isUpcoming } from '../../lib/booking-display';
import { formatInEst, formatTimeEst } from '../../lib/format';

/** A member without an age is shown as 25 (docs/product.md#profiles). */
export const DEFAULT_AGE = 25;

/** The day of a received invite: 'Sat, Aug 1, 2099'. */
const INVITE_DAY_FORMAT = 'EEE, MMM d, yyyy';

/**
 * When a received invite is for, in New York time: 'Sat, Aug 1, 2099 · 10:00 PM EST' for an
 * invite to one of the host's events (its start time), the day alone for an invite that names
 * only a day ('Tonight with …'), or the moment an invite dated with a time names. (The spec's
 * fixed 'Tonight 10:00 PM' was the old product's placeholder: it read so whatever the date.)
 */
export function inviteWhen(invite: Pick<Invite, 'eventDate' | 'eventTime'>): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(invite.eventDate)) {
    const day = formatBookingDate(invite.eventDate, INVITE_DAY_FORMAT);
    return invite.eventTime
      ? `${day} · ${formatStartTime({ bookingDate: invite.eventDate, startTime: invite.eventTime, duration: 1 })}`
      : day;
  }
  const at = new Date(invite.eventDate);
  return Number.isNaN(at.getTime()) ? invite.eventDate : `${formatInEst(at, INVITE_DAY_FORMAT)} · ${formatTimeEst(at)}`;
}

/** How far a card must be dragged, in px, to count as a swipe (docs/product.md#social-invites). */
export const SWIPE_THRESHOLD_PX = 100;

export function ageOf(member: Pick<MemberCardView, 'age'>): number {
  return member.age ?? DEFAULT_AGE;
}

/** 'Miami, FL' as stored; the state when there is no city. */
export function placeOf(member: Pick<MemberCardView, 'city' | 'state'>): string {
  return member.city.trim() || member.state.trim();
}

/** The invites still waiting for an answer, newest first (as the server sorts them). */
export function pendingInvites(invites: readonly Invite[]): Invite[] {
  return invites.filter((i) => i.status === 'pending');
}

/** The 'Invite to' value that invites to no particular event. */
export const NO_SPECIFIC_EVENT = 'none';

/** An event a host can invite to: one of his upcoming confirmed bookings. */
export interface InviteEvent {
  bookingId: string;
  label: string;
  title: string;
  description: string | null;
  date: string;
}

/** The host's upcoming confirmed bookings, soonest first, as events to invite to. */
export function inviteEventsOf(bookings: readonly Booking[], now: Date = new Date()): InviteEvent[] {
  return bySoonest(bookings.filter((b) => b.status === 'confirmed' && isUpcoming(b, now))).map((b) => ({
    bookingId: b.id,
    title: inviteEventTitle(b),
    label: `${inviteEventTitle(b)}, ${formatBookingDate(b.bookingDate, 'MMM dd, yyyy')}`,
    description: b.eventDescription?.trim() || null,
    date: b.bookingDate,
  }));
}

/** The invite a host sends to `guestId` for `event`, or for tonight when no event is chosen. */
export function inviteInputFor(
  guestId: string,
  event: InviteEvent | undefined,
  hostFirstName: string,
  now: Date = new Date(),
): InviteInput {
  if (!event) return { guestId, eventTitle: `Tonight with ${hostFirstName}`, eventDate: todayInNewYork(now) };
  return {
    guestId,
    eventTitle: event.title,
    eventDescription: event.description ?? undefined,
    eventDate: event.date,
    bookingId: event.bookingId,
  };
}
