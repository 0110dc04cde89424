import { useMutation } from '@tanstack/react-query';
import {
  api,
  FULL_YACHT,
  money,
  endTimeOf,
  type Booking,
  type BookingInput,
  type PaymentIntentInput,
} from '@luxe/contracts';
import { callApi } from '../../../lib/api-client';

/** POST /api/create-payment-intent: the server holds the slot, prices it and starts the card payment. */
export function createPaymentIntent(input: PaymentIntentInput) {
  return callApi(api.payments.createIntent, { body: input });
}

export function useCreatePaymentIntent() {
  return useMutation({ mutationFn: createPaymentIntent });
}

/**
 * The booking payload sent after a successful payment (docs/product.md#booking-yachts): a full
 * yacht, no entertainer, an empty friends list, shown to both; `holdId` makes the server answer the
 * booking the paid hold became, never a second one. The server decides host, names, end time and
 * total.
 */
export interface PaidBookingPayload extends BookingInput {
  hostId: string;
  venueName: string;
  venueType: 'yacht';
  sectionType: typeof FULL_YACHT.sectionType;
  endTime: string;
  totalCost: string;
  status: 'confirmed';
  holdId: string;
}

export function paidBookingPayload(args: {
  hostId: string;
  venueId: string;
  venueName: string;
  bookingDate: string;
  startTime: string;
  duration: number;
  totalCost: number;
  eventDescription: string;
  holdId: string;
}): PaidBookingPayload {
  return {
    hostId: args.hostId,
    venueId: args.venueId,
    venueName: args.venueName,
    venueType: 'yacht',
    sectionType: FULL_YACHT.sectionType,
    sectionId: FULL_YACHT.sectionId,
    dancerId: null,
    bookingDate: args.bookingDate,
    startTime: args.startTime as BookingInput['startTime'],
    endTime: endTimeOf(args.startTime, args.duration),
    duration: args.duration,
    totalCost: money(args.totalCost),
    friends: JSON.stringify([]),
    guestVisibility: 'both',
    status: 'confirmed',
    eventDescription: args.eventDescription,
    holdId: args.holdId,
  };
}

/**
 * The booking payload sent after a section's deposit was paid (docs/product.md#booking-deposits):
 * the section, entertainer and slot that were held; `holdId` makes the server answer the booking
 * the paid hold became. Prices are never sent: the server computed the total, deposit and balance.
 */
export function paidSectionBookingPayload(args: {
  venueId: string;
  sectionId: string;
  dancerId: string | null;
  bookingDate: string;
  startTime: string;
  duration: number;
  guestVisibility: string;
  holdId: string;
}): BookingInput {
  return {
    venueId: args.venueId,
    sectionId: args.sectionId,
    dancerId: args.dancerId,
    bookingDate: args.bookingDate,
    startTime: args.startTime as BookingInput['startTime'],
    duration: args.duration,
    friends: [],
    guestVisibility: args.guestVisibility,
    holdId: args.holdId,
  };
}

/** POST /api/bookings after the payment succeeded. */
export function createPaidBooking(payload: BookingInput): Promise<Booking> {
  return callApi(api.bookings.create, { body: payload });
}

/**
 * Waits until the caller's booking reaches one of `until` (the test provider's outcome arrives by
 * its event, after the card form's answer): asks once a second, at most `tries` times; answers
 * the last status seen (null when the booking is not found).
 */
export async function bookingStatus(
  bookingId: string,
  { until, tries, intervalMs = 1000 }: { until: Booking['status'][]; tries: number; intervalMs?: number },
): Promise<Booking['status'] | null> {
  let status: Booking['status'] | null = null;
  for (let i = 0; i < tries; i++) {
    try {
      status = (await callApi(api.bookings.mine, {})).find((b) => b.id === bookingId)?.status ?? null;
    } catch {
      // A failed read is asked again.
    }
    if (status && until.includes(status)) return status;
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  return status;
}
