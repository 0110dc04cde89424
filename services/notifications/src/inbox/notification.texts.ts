import type { NotificationKind } from '@luxe/contracts';

/** One notification to write: whom, what kind, the fact it tells (unique per member), its words and link. */
export interface NotificationDraft {
  userId: string;
  kind: NotificationKind;
  /** The fact, e.g. `booking-confirmed:<bookingId>`: a member gets one notification per fact, however often it is told. */
  factKey: string;
  title: string;
  body: string;
  /** A web route of the app (no origin): what the notification is about. */
  link: string;
  /** What the email adds to the title and body (only kinds with an email template read it). */
  detail?: string;
  /** What it is about, when reading that reads it too (a message's conversation). */
  subjectId?: string;
}

/** Web routes the notifications link to (the dashboard's tabs, the venue dashboard). */
export const LINKS = {
  hostBookings: '/dashboard?tab=book',
  invites: '/dashboard?tab=invites',
  sentInvites: '/dashboard?tab=invites&section=discover',
  guestEvents: '/dashboard?tab=events',
  messages: '/dashboard?tab=messages',
  venueDashboard: '/venue-dashboard',
  assignments: '/dashboard?tab=assignments',
  home: '/dashboard?tab=home',
  safety: '/safety',
} as const;

/** `$12.50` from cents (the events carry cents). */
export function money(cents: number, currency = 'usd'): string {
  const amount = (cents / 100).toFixed(2);
  return currency.toLowerCase() === 'usd' ? `$${amount}` : `${amount} ${currency.toUpperCase()}`;
}

/** "at Sky Lounge on 2026-12-05 at 23:00", with what is known of the booking. */
export function where(
  b: { venueName: string | null; bookingDate: string | null; startTime: string | null } | null,
): string {
  if (!b?.venueName) return 'your event';
  return [b.venueName, b.bookingDate ? `on ${b.bookingDate}` : null, b.startTime ? `at ${b.startTime}` : null]
    .filter(Boolean)
    .join(' ');
}

/** A member's first name, or a neutral word when this service has not heard of him yet. */
export function nameOf(card: { firstName: string } | null, fallback = 'A member'): string {
  return card?.firstName?.trim() || fallback;
}

/** Shortens a message for a notification's body (the whole message is in the conversation). */
export function excerpt(text: string, max = 120): string {
  const t = text.replace(/\s+/g, ' ').trim();
  return t.length <= max ? t : `${t.slice(0, max - 1)}…`;
}
