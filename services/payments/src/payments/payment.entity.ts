import { Check, Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { PaymentStatus } from './payment-lifecycle';

/** The card payment of one held booking (a Stripe PaymentIntent). Migration 1700000013000. */
@Entity('payments')
@Check(
  'payments_status_check',
  `status IN ('pending', 'succeeded', 'failed', 'canceled', 'replaced', 'replaced-refunded')`,
)
export class PaymentEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Index('payments_booking_id', { unique: true })
  @Column('uuid', { name: 'booking_id' })
  bookingId!: string;

  @Index('payments_host_id')
  @Column('uuid', { name: 'host_id' })
  hostId!: string;

  @Index('payments_intent_id', { unique: true })
  @Column('text', { name: 'payment_intent_id' })
  paymentIntentId!: string;

  /** Lets a retried start of the same payment answer the same form (never logged). */
  @Column('text', { name: 'client_secret' })
  clientSecret!: string;

  /** In cents. */
  @Column('integer')
  amount!: number;

  @Column('text')
  currency!: string;

  /** payment-lifecycle.ts. */
  @Column('text')
  status!: PaymentStatus;

  /** The provider's message for the last declined attempt (the payer may retry while the hold lasts). */
  @Column('text', { name: 'last_error', nullable: true })
  lastError!: string | null;

  @Column('timestamptz', { name: 'created_at', default: () => 'now()' })
  createdAt!: Date;
}

/** Stripe events already handled: a redelivered event has no second effect. */
@Entity('stripe_events')
export class StripeEventEntity {
  @PrimaryColumn('text', { name: 'event_id' })
  eventId!: string;

  @Column('text')
  type!: string;

  @Column('timestamptz', { name: 'received_at', default: () => 'now()' })
  receivedAt!: Date;
}

/** The refund of a cancelled booking's payment (migration 1700000025000): one per booking. */
@Entity('refunds')
@Check('refunds_amount_check', `amount > 0`)
export class RefundEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Index('refunds_booking_id', { unique: true })
  @Column('uuid', { name: 'booking_id' })
  bookingId!: string;

  @Column('uuid', { name: 'payment_id' })
  paymentId!: string;

  @Index('refunds_host_id')
  @Column('uuid', { name: 'host_id' })
  hostId!: string;

  /** Stripe's refund id (`re_…`). */
  @Column('text', { name: 'stripe_refund_id' })
  stripeRefundId!: string;

  /** In cents. */
  @Column('integer')
  amount!: number;

  @Column('text')
  currency!: string;

  /** Stripe's status of the refund (succeeded, pending, …). */
  @Column('text')
  status!: string;

  @Column('timestamptz', { name: 'created_at', default: () => 'now()' })
  createdAt!: Date;
}

/** A booking whose hold or booking ended (booking-fence.repository.ts; migration 1700000041500): nothing new is charged for it. */
@Entity('ended_bookings')
export class EndedBookingEntity {
  @PrimaryColumn('uuid', { name: 'booking_id' })
  bookingId!: string;

  /** The cancellation's reason (bookings' refund-requested). */
  @Column('text')
  reason!: string;

  @Column('timestamptz', { name: 'ended_at', default: () => 'now()' })
  endedAt!: Date;
}
