import type { EntityManager } from 'typeorm';
import { EventConsumer, OnEvent, type EventOf } from '@luxe/platform/events';
import { BookingService } from './booking.service';

/** Payments' outcomes (inbox key `bookings.payments`): a paid hold is confirmed, one whose PaymentIntent was cancelled released (a declined card keeps its hold for a retry). */
@EventConsumer('payments')
export class PaymentOutcomeConsumer {
  constructor(private readonly bookings: BookingService) {}

  @OnEvent('payments.payment-succeeded')
  succeeded(e: EventOf<'payments.payment-succeeded'>, tx: EntityManager) {
    return this.bookings.paymentSucceeded(tx, e.data.bookingId, e.data.amount);
  }

  @OnEvent('payments.payment-failed')
  failed(e: EventOf<'payments.payment-failed'>, tx: EntityManager) {
    return this.bookings.paymentFailed(tx, e.data.bookingId, e.data.retryable === true);
  }
}
