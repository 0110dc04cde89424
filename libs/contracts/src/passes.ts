import { addDays, format, parseISO } from 'date-fns';
import { formatInTimeZone } from 'date-fns-tz';
import { z } from 'zod';
import { registerSchema } from './auth';
import { BOOKING_TIME_ZONE } from './bookings';

/**
 * Door passes (docs/product.md#passes): each attendee of a confirmed booking (its host, the guests approved to
 * it, the friends the host named for it) has a signed pass, shown as a QR code of `/pass/{token}`
 * and as a short door code; the venue's owner checks it in once at the door.
 */
export const PASS_ATTENDEE_KINDS = ['host', 'guest', 'friend'] as const;
export type PassAttendeeKind = (typeof PASS_ATTENDEE_KINDS)[number];
/** How each kind of pass is named to people. */
export const PASS_KIND_LABELS: Record<PassAttendeeKind, string> = {
  host: 'Host',
  guest: 'Guest',
  friend: 'Friend of the host',
};

/**
 * The door code's alphabet: capitals and digits without the ones misread at a dark door
 * (0/O, 1/I/L, 2/Z, 5/S, 8/B, U/V): 23 symbols, so 8 of them make 23^8 ≈ 7.8·10^10 codes.
 */
export const PASS_CODE_ALPHABET = 'ACDEFGHJKMNPQRTWXY34679';
export const PASS_CODE_LENGTH = 8;

/** A typed door code as stored: capitals, without spaces or dashes ('hk4m-7qtx' → 'HK4M7QTX'). */
export function normalizePassCode(raw: string): string {
  return raw.toUpperCase().replace(/[\s-]+/g, '');
}

/** A code written for people: two groups of four ('HK4M-7QTX'). */
export function formatPassCode(code: string): string {
  return code.length === PASS_CODE_LENGTH ? `${code.slice(0, 4)}-${code.slice(4)}` : code;
}

/**
 * The hour (New York) a night ends at: a door scan from 18:00 until 05:59 the next morning is for
 * the night that began on the evening's date (bookings start from 18:00 to 02:00 and last at most
 * 6 hours; their date is the night's date, as `bookingWindow` counts it).
 */
export const NIGHT_ENDS_AT_HOUR = 6;

/** The night a moment belongs to in New York ('2026-11-22' from 18:00 on the 22nd until 05:59 on the 23rd). */
export function nightOf(now: Date = new Date()): string {
  const [day, hour] = formatInTimeZone(now, BOOKING_TIME_ZONE, 'yyyy-MM-dd HH').split(' ') as [string, string];
  return Number(hour) < NIGHT_ENDS_AT_HOUR ? format(addDays(parseISO(day), -1), 'yyyy-MM-dd') : day;
}

export const PASS_MESSAGES = {
  notFound: 'Pass not found',
  notAttendee: 'Only the host and the guests of this booking have a pass',
  notYourVenue: "Only this venue's owner and door staff can check guests in here",
  alreadyCheckedIn: 'Already checked in',
  otherVenue: 'This pass is for another venue',
  otherDate: 'This pass is for another date',
  cancelled: 'This booking was cancelled',
  notConfirmed: 'This booking is not confirmed',
  codeOrToken: 'Type the pass code or scan the QR code',
  venue: 'Choose a venue',
  noSuchMember: 'No account with this email',
  staffIsOwner: 'You own this venue already',
  alreadyStaff: 'Already door staff at this venue',
  staffNotFound: 'Door staff member not found',
  staffUserId: 'Door staff member not found',
} as const;

/** 'Already checked in at 10:42 PM' (New York time). */
export function alreadyCheckedInMessage(at: Date | string): string {
  return `${PASS_MESSAGES.alreadyCheckedIn} at ${formatInTimeZone(typeof at === 'string' ? new Date(at) : at, BOOKING_TIME_ZONE, 'h:mm a')}`;
}

/** A signed pass token: `<payload>.<signature>`, both base64url (checked by the server). */
export const passTokenSchema = z
  .string({ error: PASS_MESSAGES.notFound })
  .trim()
  .regex(/^[A-Za-z0-9_-]{40,60}\.[A-Za-z0-9_-]{43}$/, PASS_MESSAGES.notFound);
/** The pass page's token is checked by the service (signature included): anything malformed is simply not found (404). */
export const passTokenParamsSchema = z.object({ token: z.string().max(200) });

/**
 * What a pass's QR code holds: the pass page's address (absolute, or `/pass/{token}`). The door
 * reads the token out of it; a bare token is taken as well.
 */
export function passTokenFrom(scanned: string): string | null {
  const m = /(?:^|\/pass\/)([A-Za-z0-9_-]{40,60}\.[A-Za-z0-9_-]{43})(?:[?#].*)?$/.exec(scanned.trim());
  return m ? m[1]! : null;
}

/** `GET /api/bookings/{id}/pass` (and the friend's, from his invite link): the attendee's own pass. */
export const passSchema = z.object({
  token: z.string(),
  /** The door code, 8 symbols of `PASS_CODE_ALPHABET` (shown as two groups of four). */
  code: z.string(),
  /** `/pass/{token}`: the pass page, whose address the QR code holds. */
  url: z.string(),
});
export type Pass = z.output<typeof passSchema>;

/** `GET /api/passes/{token}`: what the pass page shows (nothing else: it is public to whoever holds the link). */
export const passViewSchema = z.object({
  venueName: z.string(),
  venueCity: z.string(),
  sectionType: z.string(),
  bookingDate: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  attendeeFirstName: z.string(),
  kind: z.enum(PASS_ATTENDEE_KINDS),
  code: z.string(),
  /** valid: not used yet; checked-in: used at the door; cancelled: the booking no longer holds. */
  status: z.enum(['valid', 'checked-in', 'cancelled']),
  checkedInAt: z.iso.datetime().nullable(),
});
export type PassView = z.output<typeof passViewSchema>;

/** `POST /api/door/check-in`: the venue the door is at, and the typed code or the scanned token. */
export const checkInInputSchema = z
  .object({
    venueId: z.uuid({ error: PASS_MESSAGES.venue }),
    code: z.string().trim().max(20, PASS_MESSAGES.notFound).optional(),
    token: z.string().trim().max(400, PASS_MESSAGES.notFound).optional(),
  })
  .refine((v) => !!v.code || !!v.token, { message: PASS_MESSAGES.codeOrToken, path: ['code'] });
export type CheckInInput = z.input<typeof checkInInputSchema>;

/** A pass checked in: who came, for which booking. */
export const checkInSchema = z.object({
  status: z.literal('checked-in'),
  attendeeName: z.string(),
  kind: z.enum(PASS_ATTENDEE_KINDS),
  bookingId: z.uuid(),
  sectionType: z.string(),
  startTime: z.string(),
  checkedInAt: z.iso.datetime(),
});
export type CheckIn = z.output<typeof checkInSchema>;

/**
 * Door staff (docs/product.md#passes): the owner gives a member account (found by its email) check-in-only
 * access to one venue, as Luma, Eventbrite and Posh do; nothing else of the dashboard.
 */
export const doorStaffInputSchema = z.object({ email: registerSchema.shape.email });
export type DoorStaffInput = z.input<typeof doorStaffInputSchema>;
export const doorStaffSchema = z.object({
  venueId: z.uuid(),
  userId: z.uuid(),
  firstName: z.string(),
  email: z.string(),
  addedAt: z.iso.datetime(),
});
export type DoorStaff = z.output<typeof doorStaffSchema>;
export const doorStaffParamsSchema = z.object({
  id: z.uuid({ error: PASS_MESSAGES.notYourVenue }),
  userId: z.uuid({ error: PASS_MESSAGES.staffUserId }),
});
/** A venue where the caller may check guests in: his own, or one he is door staff at. */
export const doorVenueSchema = z.object({
  venueId: z.uuid(),
  name: z.string(),
  city: z.string(),
  role: z.enum(['owner', 'staff']),
});
export type DoorVenue = z.output<typeof doorVenueSchema>;
