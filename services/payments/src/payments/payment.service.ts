import { randomUUID } from 'node:crypto';
import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit, Optional } from '@nestjs/common';
import type Stripe from 'stripe';
import { DataSource, EntityManager } from 'typeorm';
import {
  PAYMENT_ERRORS,
  toCents,
  type Hold,
  type TestPaymentConfirm,
  type TestPaymentConfirmInput,
} from '@luxe/contracts';
import { Outbox } from '@luxe/platform/events';
import { Actor, AppError, requireMember } from '@luxe/platform/http';
import { LOGGER, type Logger } from '@luxe/platform/runtime';
import { bookingEnded, lockBooking } from './booking-fence.repository';
import { INTENT_IN_FLIGHT, nextPaymentStatus, outcomeOf, type PaymentOutcome } from './payment-lifecycle';
import { PaymentEntity, RefundEntity } from './payment.entity';
import { toPaymentIntentView, type PaymentIntentView } from './payment.mapper';
import { PaymentRepository } from './payment.repository';
import { PAYMENT_PROVIDER, TestPaymentProvider, type PaymentProvider, type ProviderIntent } from './provider';
import { SPLIT_PAYMENTS, type SplitPayments } from './split-payments';

/** What a hold's card payment charges now, in cents: its deposit (a yacht's deposit is its total; docs/product.md#booking-deposits). */
export function amountDueNowCents(hold: Pick<Hold, 'depositAmount'>): number {
  return toCents(hold.depositAmount);
}

/**
 * Card payments of held yacht bookings (PaymentIntents at the card provider: Stripe, or the
 * embedded mode's test provider). A payment starts from a hold that bookings priced (the gateway
 * passes it on); the provider's webhook, checked by its signature and handled once per event,
 * publishes the outcome that bookings turns into a confirmed booking, or a released slot. Nothing
 * the browser says about amounts is used.
 */
@Injectable()
export class PaymentService implements OnModuleInit, OnModuleDestroy {
  constructor(
    private readonly ds: DataSource,
    private readonly payments: PaymentRepository,
    private readonly outbox: Outbox,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider | null,
    @Optional() @Inject(SPLIT_PAYMENTS) private readonly splits?: SplitPayments,
  ) {
    // The test provider's outcomes come through the same handler as Stripe's signed webhook.
    if (provider instanceof TestPaymentProvider)
      provider.deliverTo((payload, signature) => this.webhook(payload, signature));
  }

  async onModuleInit(): Promise<void> {
    if (this.provider instanceof TestPaymentProvider) await this.provider.resume();
  }
  onModuleDestroy(): void {
    if (this.provider instanceof TestPaymentProvider) this.provider.stop();
  }

  /** Who takes card payments, for the payment page: Stripe needs its publishable key there, the test provider nothing. */
  config(): { provider: 'stripe' | 'test' | null; publishableKey: string | null } {
    if (this.provider?.kind === 'test') return { provider: 'test', publishableKey: null };
    const publishableKey = this.provider?.publishableKey ?? null;
    return { provider: publishableKey ? 'stripe' : null, publishableKey };
  }

  /** `POST /api/test-payments/{id}/confirm`: the test provider's card form (404 with any other provider). */
  async confirmTest(actor: Actor, intentId: string, input: TestPaymentConfirmInput): Promise<TestPaymentConfirm> {
    requireMember(actor);
    if (!(this.provider instanceof TestPaymentProvider)) throw AppError.of(PAYMENT_ERRORS.TEST_NOT_FOUND);
    return this.provider.confirm(intentId, input.clientSecret, input.cardNumber);
  }

  async createIntent(actor: Actor, hold: Hold): Promise<PaymentIntentView> {
    requireMember(actor);
    if (!this.provider) throw AppError.of(PAYMENT_ERRORS.NOT_CONFIGURED);
    // The gateway got this hold from bookings for this very caller; check anyway.
    if (hold.hostId !== actor.userId || hold.status !== 'held' || !hold.holdExpiresAt)
      throw AppError.of(PAYMENT_ERRORS.HOLD_ENDED);
    const answer = (p: Pick<PaymentEntity, 'clientSecret' | 'paymentIntentId'>) => toPaymentIntentView(p, hold);
    // A split booking: the host pays his share (docs/product.md#payment-split).
    const split = await this.splits?.hostShareIntent(hold.id, hold.hostId);
    if (split) return answer(split);
    const existing = await this.payments.findByBooking(hold.id);
    if (existing) return answer(existing);
    if (await bookingEnded(this.ds.manager, hold.id)) throw AppError.of(PAYMENT_ERRORS.HOLD_ENDED);
    const amount = amountDueNowCents(hold);
    if (amount <= 0) throw AppError.of(PAYMENT_ERRORS.PROVIDER_FAILED, { message: 'This booking cannot be paid for' });
    let intent: ProviderIntent;
    try {
      intent = await this.provider.createIntent(
        {
          amount,
          currency: 'usd',
          metadata: { bookingId: hold.id, hostId: hold.hostId, venueId: hold.venueId },
          description: `${hold.venueName} ${hold.bookingDate} ${hold.startTime}`,
        },
        `hold-${hold.id}`,
      );
    } catch (err) {
      this.logger.error({ err, bookingId: hold.id }, 'creating the PaymentIntent failed');
      throw AppError.of(PAYMENT_ERRORS.PROVIDER_FAILED);
    }
    const row = Object.assign(new PaymentEntity(), {
      id: randomUUID(),
      bookingId: hold.id,
      hostId: hold.hostId,
      paymentIntentId: intent.id,
      clientSecret: intent.client_secret ?? '',
      amount,
      currency: 'usd',
      status: 'pending' as const,
      lastError: null,
      createdAt: new Date(),
    });
    try {
      const ended = await this.ds.transaction(async (m) => {
        await lockBooking(m, hold.id);
        if (await bookingEnded(m, hold.id)) return true;
        await this.payments.insert(m, row);
        return false;
      });
      if (ended) {
        // The hold ended while the intent was being made: it must not stay payable.
        await this.provider
          .cancelIntent(intent.id, `cancel:${intent.id}`)
          .catch((err: unknown) =>
            this.logger.warn({ err, bookingId: hold.id }, 'cancelling the PaymentIntent of an ended hold failed'),
          );
        throw AppError.of(PAYMENT_ERRORS.HOLD_ENDED);
      }
    } catch (err) {
      if (err instanceof AppError) throw err;
      // A parallel start of the same hold stored its payment first: answer that one.
      const winner = await this.payments.findByBooking(hold.id);
      if (winner) return answer(winner);
      throw err;
    }
    return answer(row);
  }

  /**
   * The provider's webhook (Stripe's, or the test provider's own events, signed with its secret):
   * the signature is checked on the raw body; each event has one effect.
   */
  async webhook(payload: string, signature: string): Promise<{ received: boolean }> {
    if (!this.provider) throw AppError.of(PAYMENT_ERRORS.NOT_CONFIGURED);
    let event: Stripe.Event;
    try {
      event = this.provider.verifyWebhook(payload, signature);
    } catch {
      throw AppError.of(PAYMENT_ERRORS.BAD_SIGNATURE);
    }
    const outcome = outcomeOf(event.type);
    await this.ds.transaction(async (m) => {
      if (!(await this.payments.recordEvent(m, event.id, event.type))) return; // handled before
      if (!outcome) return;
      const intent = event.data.object as Stripe.PaymentIntent;
      const payment = await this.payments.lockByIntent(m, intent.id);
      if (
        !payment &&
        (await this.splits?.onIntent(
          m,
          intent,
          outcome === 'succeeded' ? 'succeeded' : outcome === 'canceled' ? 'failed' : 'declined',
        ))
      )
        return;
      if (!payment) {
        this.logger.warn(
          { paymentIntentId: intent.id, eventId: event.id },
          'a webhook for a PaymentIntent this service did not start: ignored',
        );
        return;
      }
      await this.settle(m, payment, outcome, intent);
    });
    return { received: true };
  }

  /**
   * A cancelled booking's refund (bookings computed the amount, in cents): issued once at Stripe
   * (idempotency key `refund:<bookingId>`, so a retried call cannot refund twice), recorded (one
   * row per booking) and published, in the consumer's transaction.
   */
  async refund(m: EntityManager, bookingId: string, requestedCents: number): Promise<void> {
    if (requestedCents <= 0) return;
    if (await this.payments.findRefund(m, bookingId)) return; // refunded before
    const p = await this.payments.findByBooking(bookingId, m);
    if (!p || p.status !== 'succeeded') {
      this.logger.warn(
        { bookingId },
        'a refund was asked for a booking without a succeeded payment: nothing to refund',
      );
      return;
    }
    await this.issueRefund(m, p, Math.min(requestedCents, p.amount), `refund:${bookingId}`);
  }

  /** Refunds `amount` cents of the payment at the provider (once: the idempotency key), records it and publishes it. */
  private async issueRefund(m: EntityManager, p: PaymentEntity, amount: number, idempotencyKey: string): Promise<void> {
    if (!this.provider) {
      this.logger.error(
        { bookingId: p.bookingId },
        'a refund is due but card payments are not configured: refund it by hand',
      );
      return;
    }
    const refund = await this.provider.createRefund(
      { paymentIntentId: p.paymentIntentId, amount, metadata: { bookingId: p.bookingId } },
      idempotencyKey,
    );
    const row = Object.assign(new RefundEntity(), {
      id: randomUUID(),
      bookingId: p.bookingId,
      paymentId: p.id,
      hostId: p.hostId,
      stripeRefundId: refund.id,
      amount,
      currency: p.currency,
      status: refund.status ?? 'pending',
      createdAt: new Date(),
    });
    await this.payments.insertRefund(m, row);
    await this.outbox.add(m, 'payments.refund-issued', p.id, {
      bookingId: p.bookingId,
      paymentId: p.id,
      refundId: refund.id,
      amount,
      currency: p.currency,
      payerId: p.hostId,
    });
  }

  /**
   * A deleted member's payment records stay (docs/booking-lifecycle.md): they are financial records the law
   * asks to keep, they name him only by a pseudonymous id whose account is gone, and his paid
   * bookings are refunded from them after the erasure (bookings' refund-requested may arrive
   * after identity's user-deleted, and a payment may succeed after both).
   */
  async eraseHost(_m: EntityManager, _userId: string): Promise<void> {
    // Nothing personal to remove here: the rows hold ids, amounts and the provider's references.
  }

  /**
   * A booking's hold ended unpaid (released, expired, cancelled, its host or venue gone): its open
   * PaymentIntent is cancelled at the provider (docs/booking-lifecycle.md), so the payer cannot complete
   * it afterwards. An intent already in flight (processing, succeeded) is left: its webhook
   * brings the success, and bookings refunds a cancelled booking's payment in full.
   */
  async closeOpenIntent(m: EntityManager, bookingId: string): Promise<void> {
    const p = await this.payments.lockByBooking(m, bookingId);
    if (!p || p.status !== 'pending' || !this.provider) return;
    try {
      // The provider refuses to cancel an intent that succeeded or is processing: an answer is a cancellation.
      await this.provider.cancelIntent(p.paymentIntentId, `cancel:${p.paymentIntentId}`);
    } catch (err) {
      // Refused: in flight or done at the provider, or already cancelled by an earlier try of this
      // very transaction that rolled back (a provider without idempotency keys refuses the repeat).
      const now = await this.provider.retrieveIntent(p.paymentIntentId).catch(() => null);
      if (now?.status !== 'canceled') {
        this.logger.warn(
          { err, bookingId, paymentIntentId: p.paymentIntentId, status: now?.status },
          'cancelling the PaymentIntent of an ended hold failed (in flight or done at the provider): its webhook decides',
        );
        return;
      }
    }
    p.status = 'canceled';
    await this.payments.save(m, p);
  }

  /** Whether the booking's whole-card payment is in flight at the provider (a split must not replace it then). */
  async inFlight(bookingId: string): Promise<boolean> {
    const p = await this.payments.findByBooking(bookingId);
    if (!p || !this.provider) return false;
    if (p.status === 'succeeded') return true;
    if (p.status !== 'pending') return false;
    const intent = await this.provider.retrieveIntent(p.paymentIntentId);
    return INTENT_IN_FLIGHT.has(intent.status);
  }

  private async settle(
    m: EntityManager,
    p: PaymentEntity,
    outcome: PaymentOutcome,
    intent: Stripe.PaymentIntent,
  ): Promise<void> {
    const next = nextPaymentStatus(p.status, outcome);
    if (!next) return;
    p.status = next.to;
    if (outcome === 'declined') p.lastError = intent.last_payment_error?.message ?? 'Your card was declined.';
    await this.payments.save(m, p);
    switch (next.effect) {
      case 'confirm':
        await this.outbox.add(m, 'payments.payment-succeeded', p.id, {
          paymentId: p.id,
          bookingId: p.bookingId,
          amount: p.amount,
          currency: p.currency,
        });
        return;
      case 'retry-allowed':
        await this.outbox.add(m, 'payments.payment-failed', p.id, {
          paymentId: p.id,
          bookingId: p.bookingId,
          reason: p.lastError ?? 'declined',
          retryable: true,
        });
        return;
      case 'release':
        await this.outbox.add(m, 'payments.payment-failed', p.id, {
          paymentId: p.id,
          bookingId: p.bookingId,
          reason: intent.cancellation_reason ?? 'canceled',
          retryable: false,
        });
        return;
      case 'refund-in-full':
        // Replaced by a split, then paid anyway (it was in flight when cancelled): the shares pay
        // for the booking, so this whole payment goes back at once (docs/booking-lifecycle.md).
        await this.issueRefund(m, p, p.amount, `refund-replaced:${p.id}`);
        this.logger.warn(
          { bookingId: p.bookingId, paymentIntentId: p.paymentIntentId },
          'a PaymentIntent replaced by a split succeeded anyway: refunded in full',
        );
        return;
    }
  }
}
