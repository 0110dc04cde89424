import { format, parseISO } from 'date-fns';
import { endTimeOf, GUEST_VISIBILITY, START_TIMES, type Section, type StartTime, type Venue } from '@luxe/contracts';
import { formatHours, LONG_DATE_FORMAT } from '../../lib/format';
import { BOOKING_DURATIONS } from '../../lib/booking-display';
import { local, STORAGE_KEYS } from '../../lib/storage';

export type GuestVisibility = (typeof GUEST_VISIBILITY)[number];
export type SectionCategory = 'vip' | 'regular';

export const DEFAULT_DURATION = 2;
/** Entertainers are shown three at a time (docs/product.md#booking-vip-rooms). */
export const ENTERTAINERS_PER_PAGE = 3;

/** '18:00' → '6:00 PM' (the wall clock of New York, where every venue time is). */
export function timeLabel(time: string): string {
  const h = Number(time.slice(0, 2));
  return `${h % 12 === 0 ? 12 : h % 12}:${time.slice(3, 5)} ${h < 12 ? 'AM' : 'PM'}`;
}

/** '6:00 PM - 9:00 PM EST (3 hours)'. */
export function timeRangeLabel(startTime: string, duration: number, endTime = endTimeOf(startTime, duration)): string {
  return `${timeLabel(startTime)} - ${timeLabel(endTime)} EST (${formatHours(duration)})`;
}

/** '2026-11-22' → 'Sunday, Nov 22, 2026' (a booking date is already New York's date). */
export function bookingDateLabel(date: string): string {
  return format(parseISO(date), LONG_DATE_FORMAT);
}

export function isStartTime(value: unknown): value is StartTime {
  return typeof value === 'string' && (START_TIMES as readonly string[]).includes(value);
}

/** The chosen audiences as the API takes them: in the order men, women, both, joined by commas. */
export function joinVisibility(chosen: ReadonlySet<GuestVisibility>): string {
  const list = GUEST_VISIBILITY.filter((v) => chosen.has(v));
  // Both is never sent beside Men or Women (the server refuses 'men,both').
  return list.length > 0 && !chosen.has('both') ? list.join(',') : 'both';
}

export function isStripClub(venue: Pick<Venue, 'subtype'>): boolean {
  return venue.subtype === 'strip_club';
}

/**
 * A strip club's VIP rooms and regular sections are separate categories
 * (docs/product.md#booking-vip-rooms); the choice is offered only when both exist. Other clubs list
 * every section.
 */
export function sectionCategories(venue: Pick<Venue, 'subtype'>, sections: readonly Section[]) {
  const vip = sections.filter((s) => s.isVipRoom);
  const regular = sections.filter((s) => !s.isVipRoom);
  const stripClub = isStripClub(venue);
  return {
    vip,
    regular,
    hasChoice: stripClub && vip.length > 0 && regular.length > 0,
    onlyVip: stripClub && vip.length > 0 && regular.length === 0,
  };
}

/** A visitor's choice, kept while an account is made (docs/product.md#accounts-resume-booking). */
export interface StoredBookingChoice {
  venueId: string;
  date: string;
  startTime: StartTime | null;
  duration: number;
  sectionId: string | null;
  dancerId: string | null;
  guestVisibility: string;
}

export function saveBookingChoice(choice: StoredBookingChoice): void {
  local.setJson(STORAGE_KEYS.guestBooking, choice);
}

export function clearBookingChoice(): void {
  local.remove(STORAGE_KEYS.guestBooking);
}

const isStringOrNull = (v: unknown): v is string | null => v === null || typeof v === 'string';

/** The stored choice for this venue, or null (another venue's choice, or anything unreadable). */
export function readBookingChoice(venueId: string): StoredBookingChoice | null {
  const raw = local.getJson<Partial<StoredBookingChoice>>(STORAGE_KEYS.guestBooking);
  if (!raw || typeof raw !== 'object' || raw.venueId !== venueId) return null;
  const duration = Number(raw.duration);
  return {
    venueId,
    date: typeof raw.date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(raw.date) ? raw.date : '',
    startTime: isStartTime(raw.startTime) ? raw.startTime : null,
    duration: BOOKING_DURATIONS.includes(duration) ? duration : DEFAULT_DURATION,
    sectionId: isStringOrNull(raw.sectionId) ? raw.sectionId : null,
    dancerId: isStringOrNull(raw.dancerId) ? raw.dancerId : null,
    guestVisibility: typeof raw.guestVisibility === 'string' ? raw.guestVisibility : 'both',
  };
}

/** A stored value as the form's choice; one saved before Both was exclusive ('men,both') reads as Both. */
export function parseVisibility(joined: string): Set<GuestVisibility> {
  const set = new Set(
    joined
      .split(',')
      .map((v) => v.trim())
      .filter((v): v is GuestVisibility => (GUEST_VISIBILITY as readonly string[]).includes(v)),
  );
  return set.size > 0 && !set.has('both') ? set : new Set<GuestVisibility>(['both']);
}
