import { BOOKING_MESSAGES, FRIEND_MESSAGES } from '../bookings';
import { DEPOSIT_MESSAGES } from '../deposits';
import { defineErrors } from './define';

/** Bookings and friends (docs/product.md#booking). */
export const BOOKING_ERRORS = defineErrors('BOOKING', {
  VENUE_NOT_FOUND: { status: 404, message: BOOKING_MESSAGES.venue },
  PAST_DATE: { status: 400, message: BOOKING_MESSAGES.pastDate },
  TOO_FAR: { status: 400, message: BOOKING_MESSAGES.tooFar },
  TOO_MANY_HOLDS: { status: 409, message: BOOKING_MESSAGES.tooManyHolds },
  DANCER_TAKEN: { status: 409, message: BOOKING_MESSAGES.dancerTaken },
  BELOW_CARD_MINIMUM: { status: 400, message: BOOKING_MESSAGES.belowCardMinimum },
  SECTION_REQUIRED: { status: 400, message: BOOKING_MESSAGES.section },
  SECTION_NOT_FOUND: { status: 404, message: BOOKING_MESSAGES.sectionNotFound },
  DANCER_NOT_ALLOWED: { status: 400, message: BOOKING_MESSAGES.dancer },
  DANCER_NOT_FOUND: { status: 404, message: BOOKING_MESSAGES.dancerNotFound },
  PAYMENT_REQUIRED: { status: 400, message: BOOKING_MESSAGES.yachtByPayment },
  NOT_A_YACHT: { status: 400, message: BOOKING_MESSAGES.notYacht },
  /** A section that takes a deposit is booked by paying it (docs/product.md#booking-deposits). */
  DEPOSIT_REQUIRED: { status: 400, message: DEPOSIT_MESSAGES.depositRequired },
  SLOT_TAKEN: { status: 409, message: BOOKING_MESSAGES.slotTaken },
  HOLD_EXPIRED: { status: 409, message: BOOKING_MESSAGES.holdExpired },
  NOT_FOUND: { status: 404, message: BOOKING_MESSAGES.notFound },
  FRIEND_NOT_FOUND: { status: 404, message: FRIEND_MESSAGES.friendNotFound },
  INVITE_NOT_FOUND: { status: 404, message: FRIEND_MESSAGES.notFound },
  PICTURE_REJECTED: { status: 400, message: FRIEND_MESSAGES.picture },
});

/** Card payments (docs/product.md#payment-checkout). */
export const PAYMENT_ERRORS = defineErrors('PAYMENT', {
  NOT_CONFIGURED: { status: 503, message: 'Card payments are not configured. Please contact support.' },
  PROVIDER_FAILED: { status: 502, message: 'Unable to initialize payment. Please try again.' },
  /**
   * The hold ended (released, expired, its venue or section deleted) between bookings' answer and
   * the payment's start: a conflict with the booking's state, not a provider failure (the lifecycle
   * model found it answered 502 after a venue was deleted in that instant).
   */
  HOLD_ENDED: { status: 409, message: 'This booking can no longer be paid for. Please start a new booking.' },
  BAD_SIGNATURE: { status: 400, message: 'Invalid webhook signature' },
  /** The test provider's confirm: no such test-mode payment for this client secret, or the provider is not the test one. */
  TEST_NOT_FOUND: { status: 404, message: 'Payment not found' },
  TEST_ALREADY_PAID: { status: 409, message: 'This payment has already been made' },
  TEST_PROCESSING: { status: 409, message: 'This payment is already being processed' },
  TEST_CANCELED: { status: 409, message: 'This payment was cancelled. Please start again.' },
});
