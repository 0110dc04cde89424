import type { EntityManager } from 'typeorm';
import { EventConsumer, OnEvent, type EventOf } from '@luxe/platform/events';
import { lockBooking, recordBookingEnded } from './payments/booking-fence.repository';
import { PaymentService } from './payments/payment.service';
import { SplitService } from './split/split.service';

/**
 * Refunds of cancelled bookings (inbox key `payments.refunds`): bookings says how much of the
 * payment goes back, on the refund stream (`refund-requested`, published with every
 * `booking-cancelled`: payments does not read the booking stream's other events); the inbox, the
 * refunds table (one per booking) and Stripe's idempotency key make a redelivered event refund once.
 * Beside the module, not in a feature's folder: it drives both the card payment and split payments.
 */
@EventConsumer('refunds')
export class RefundConsumer {
  constructor(
    private readonly payments: PaymentService,
    private readonly splits: SplitService,
  ) {}

  @OnEvent('bookings.refund-requested')
  async cancelled(e: EventOf<'bookings.refund-requested'>, tx: EntityManager) {
    // The booking's end is recorded first, under its lock: a split or payment starting now is refused (booking-fence.repository.ts).
    await lockBooking(tx, e.data.bookingId);
    await recordBookingEnded(tx, e.data.bookingId, e.data.reason);
    // An open split of the booking: its paid shares go back in full, its unpaid ones closed.
    await this.splits.bookingCancelled(tx, e.data.bookingId);
    // A confirmed split booking: the refund is shared among what each payer paid.
    if (await this.splits.refundCompleted(tx, e.data.bookingId, e.data.refundAmount ?? 0)) return;
    await this.payments.refund(tx, e.data.bookingId, e.data.refundAmount ?? 0);
    // A hold that ended unpaid: its PaymentIntent cannot be completed afterwards (docs/booking-lifecycle.md).
    await this.payments.closeOpenIntent(tx, e.data.bookingId);
  }
}
