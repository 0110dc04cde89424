import type { CancellationPolicy } from '@luxe/contracts';
import { local, STORAGE_KEYS } from './storage';

/**
 * The yacht booking waiting for its payment, kept in local storage under `pendingBooking`
 * (docs/product.md#booking-yachts): written by Confirm Booking at the end of the yacht flow, read
 * by /payment, removed once the payment succeeded.
 */
export interface PendingBooking {
  venueId: string;
  venueName: string;
  venueImage: string;
  /** The night's date, 'yyyy-MM-dd'. */
  date: string;
  /** The start time, 'hh:mm' (18:00 to 02:00). */
  time: string;
  /** Hours, 1 to 6. */
  duration: number;
  /** Dollars, as priced when the booking was confirmed (the server prices it again). */
  totalPrice: number;
  eventDescription: string;
  friendsCount: number;
  /** Whether the host wants to send and receive invites for the event. */
  sendInvites?: boolean;
  /** The members the host chose to invite on the Event Invites step (ids); invited once the booking is confirmed. */
  invitedMemberIds?: string[];
  /** The venue's cancellation policy as shown in the flow (its refund dates are shown again before paying). */
  cancellationPolicy?: CancellationPolicy;
  /** The friends added in the flow (ids from POST /api/friends). */
  friendIds?: string[];
  /**
   * The payment started for it (the server's hold and the provider's PaymentIntent): kept so that
   * coming back from the card's bank check (3-D Secure redirect) finishes that payment instead of
   * starting a second one.
   */
  payment?: { holdId: string; clientSecret: string; total: number; balance?: number };
  /**
   * A club section that takes a deposit (docs/product.md#booking-deposits), instead of a whole
   * yacht: what the server holds, and the deposit and balance as estimated (the server computes
   * them again).
   */
  section?: PendingSection;
}

export interface PendingSection {
  id: string;
  name: string;
  dancerId: string | null;
  guestVisibility: string;
  depositPercent: number;
  /** Dollars, as estimated: paid by card now. */
  depositAmount: number;
  /** Dollars, as estimated: paid at the venue. */
  balanceDue: number;
  minimumSpend: number | null;
}

function isPendingSection(value: unknown): value is PendingSection {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.id === 'string' &&
    typeof v.name === 'string' &&
    (v.dancerId === null || typeof v.dancerId === 'string') &&
    typeof v.guestVisibility === 'string' &&
    typeof v.depositPercent === 'number' &&
    typeof v.depositAmount === 'number' &&
    typeof v.balanceDue === 'number' &&
    (v.minimumSpend === null || typeof v.minimumSpend === 'number')
  );
}

function isPendingBooking(value: unknown): value is PendingBooking {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.venueId === 'string' &&
    typeof v.venueName === 'string' &&
    typeof v.date === 'string' &&
    /^\d{4}-\d{2}-\d{2}$/.test(v.date) &&
    typeof v.time === 'string' &&
    /^\d{2}:\d{2}$/.test(v.time) &&
    typeof v.duration === 'number' &&
    typeof v.totalPrice === 'number'
  );
}

function isPayment(value: unknown): value is NonNullable<PendingBooking['payment']> {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.holdId === 'string' &&
    typeof v.clientSecret === 'string' &&
    typeof v.total === 'number' &&
    (v.balance === undefined || typeof v.balance === 'number')
  );
}

/** The pending booking, or null when there is none (or what is stored is not one). */
export function readPendingBooking(): PendingBooking | null {
  const value = local.getJson<unknown>(STORAGE_KEYS.pendingBooking);
  if (!isPendingBooking(value)) return null;
  return {
    ...value,
    venueImage: typeof value.venueImage === 'string' ? value.venueImage : '',
    eventDescription: typeof value.eventDescription === 'string' ? value.eventDescription : '',
    friendsCount: typeof value.friendsCount === 'number' && value.friendsCount > 0 ? Math.floor(value.friendsCount) : 0,
    invitedMemberIds: Array.isArray(value.invitedMemberIds)
      ? value.invitedMemberIds.filter((id): id is string => typeof id === 'string')
      : [],
    payment: isPayment(value.payment) ? value.payment : undefined,
    section: isPendingSection(value.section) ? value.section : undefined,
  };
}

export function writePendingBooking(booking: PendingBooking): void {
  local.setJson(STORAGE_KEYS.pendingBooking, booking);
}

export function clearPendingBooking(): void {
  local.remove(STORAGE_KEYS.pendingBooking);
}
