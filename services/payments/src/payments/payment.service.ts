import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Optional } from '@nestjs/common';
import Stripe from 'stripe';
import { DataSource, EntityManager } from 'typeorm';
import { PAYMENT_ERRORS, toCents, type Hold } from '@luxe/contracts';
import { Outbox } from '@luxe/platform/events';
import { Actor, AppError, requireMember } from '@luxe/platform/http';
import { LOGGER, type Logger, SERVICE_SETTINGS } from '@luxe/platform/runtime';
import { SplitService } from '../split/split.service';
import { PaymentEntity, RefundEntity } from './payment.entity';
import type { PaymentSettings } from './payment.settings';

/** What a hold's card payment charges now, in cents: its deposit (a yacht's deposit is its total; product issue 12). */
export function amountDueNowCents(hold: Pick<Hold, 'depositAmount'>): number {
  return toCents(hold.depositAmount);
}

/** The Stripe client for these settings (another API base for stripe-mock), or null when not configured. */
export function stripeClient(s: PaymentSettings): Stripe | null {
  if (!s.STRIPE_SECRET_KEY) return null;
  const base = s.STRIPE_API_BASE ? new URL(s.STRIPE_API_BASE) : null;
  return new Stripe(s.STRIPE_SECRET_KEY, {
    maxNetworkRetries: 2,
    timeout: 10_000,
    ...(base ? { host: base.hostname, port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)), protocol: base.protocol.replace(':', '') as 'http' | 'https' } : {}),
  });
}

/**
 * Card payments of held yacht bookings (Stripe PaymentIntents). A payment starts from a hold that
 * bookings priced (the gateway passes it on); Stripe's webhook, checked by its signature and
 * handled once per event, publishes the outcome that bookings turns into a confirmed booking, or a
 * released slot. Nothing the browser says about amounts is used.
 */
@Injectable()
export class PaymentService {
  private readonly stripe: Stripe | null;
  constructor(
    private readonly ds: DataSource,
    private readonly outbox: Outbox,
    @Inject(SERVICE_SETTINGS) private readonly settings: PaymentSettings,
    @Inject(LOGGER) private readonly logger: Logger,
    @Optional() private readonly splits?: SplitService,
  ) {
    this.stripe = stripeClient(settings);
  }

  config(): { publishableKey: string | null } {
    return { publishableKey: this.stripe ? (this.settings.STRIPE_PUBLISHABLE_KEY ?? null) : null };
  }

  async createIntent(actor: Actor, hold: Hold): Promise<{ clientSecret: string; paymentIntentId: string; bookingId: string; totalCost: string; holdExpiresAt: string; depositAmount: string; balanceDue: string }> {
    requireMember(actor);
    if (!this.stripe) throw AppError.of(PAYMENT_ERRORS.NOT_CONFIGURED);
    // The gateway got this hold from bookings for this very caller; check anyway.
    if (hold.hostId !== actor.userId || hold.status !== 'held' || !hold.holdExpiresAt) throw AppError.of(PAYMENT_ERRORS.PROVIDER_FAILED, { message: 'This booking cannot be paid for' });
    const answer = (p: PaymentEntity) => ({ clientSecret: p.clientSecret, paymentIntentId: p.paymentIntentId, bookingId: hold.id, totalCost: hold.totalCost, holdExpiresAt: hold.holdExpiresAt!, depositAmount: hold.depositAmount, balanceDue: hold.balanceDue });
    // A split booking: the host pays his share (product issue 12).
    const split = await this.splits?.hostShareIntent(hold.id, hold.hostId);
    if (split) return { ...answer(Object.assign(new PaymentEntity(), { clientSecret: split.clientSecret, paymentIntentId: split.paymentIntentId })) };
    const existing = await this.ds.manager.findOneBy(PaymentEntity, { bookingId: hold.id });
    if (existing) return answer(existing);
    const amount = amountDueNowCents(hold);
    if (amount <= 0) throw AppError.of(PAYMENT_ERRORS.PROVIDER_FAILED, { message: 'This booking cannot be paid for' });
    let intent: Stripe.PaymentIntent;
    try {
      intent = await this.stripe.paymentIntents.create(
        { amount, currency: 'usd', automatic_payment_methods: { enabled: true }, metadata: { bookingId: hold.id, hostId: hold.hostId, venueId: hold.venueId }, description: `${hold.venueName} ${hold.bookingDate} ${hold.startTime}` },
        { idempotencyKey: `hold-${hold.id}` },
      );
    } catch (err) {
      this.logger.error({ err, bookingId: hold.id }, 'creating the PaymentIntent failed');
      throw AppError.of(PAYMENT_ERRORS.PROVIDER_FAILED);
    }
    const row = Object.assign(new PaymentEntity(), { id: randomUUID(), bookingId: hold.id, hostId: hold.hostId, paymentIntentId: intent.id, clientSecret: intent.client_secret ?? '', amount, currency: 'usd', status: 'pending' as const, createdAt: new Date() });
    try {
      await this.ds.manager.insert(PaymentEntity, row);
    } catch (err) {
      // A parallel start of the same hold stored its payment first: answer that one.
      const winner = await this.ds.manager.findOneBy(PaymentEntity, { bookingId: hold.id });
      if (winner) return answer(winner);
      throw err;
    }
    return answer(row);
  }

  /** Stripe's webhook: the signature is checked on the raw body; each event has one effect. */
  async webhook(payload: string, signature: string): Promise<{ received: boolean }> {
    const secret = this.settings.STRIPE_WEBHOOK_SECRET;
    if (!this.stripe || !secret) throw AppError.of(PAYMENT_ERRORS.NOT_CONFIGURED);
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(payload, signature, secret);
    } catch {
      throw AppError.of(PAYMENT_ERRORS.BAD_SIGNATURE);
    }
    const outcome = event.type === 'payment_intent.succeeded' ? 'succeeded' : event.type === 'payment_intent.payment_failed' || event.type === 'payment_intent.canceled' ? 'failed' : null;
    await this.ds.transaction(async (m) => {
      const fresh: unknown[] = await m.query(`INSERT INTO stripe_events (event_id, type) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING event_id`, [event.id, event.type]);
      if (fresh.length === 0) return; // handled before
      if (!outcome) return;
      const intent = event.data.object as Stripe.PaymentIntent;
      const payment = await m.findOneBy(PaymentEntity, { paymentIntentId: intent.id });
      if (!payment && (await this.splits?.onIntent(m, intent, outcome))) return;
      if (!payment) {
        this.logger.warn({ paymentIntentId: intent.id, eventId: event.id }, 'a webhook for a PaymentIntent this service did not start: ignored');
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
    if (await m.findOneBy(RefundEntity, { bookingId })) return; // refunded before
    const p = await m.findOneBy(PaymentEntity, { bookingId });
    if (!p || p.status !== 'succeeded') {
      this.logger.warn({ bookingId }, 'a refund was asked for a booking without a succeeded payment: nothing to refund');
      return;
    }
    if (!this.stripe) {
      this.logger.error({ bookingId }, 'a refund is due but card payments are not configured: refund it by hand');
      return;
    }
    const amount = Math.min(requestedCents, p.amount);
    const refund = await this.stripe.refunds.create({ payment_intent: p.paymentIntentId, amount, metadata: { bookingId } }, { idempotencyKey: `refund:${bookingId}` });
    const row = Object.assign(new RefundEntity(), { id: randomUUID(), bookingId, paymentId: p.id, hostId: p.hostId, stripeRefundId: refund.id, amount, currency: p.currency, status: refund.status ?? 'pending', createdAt: new Date() });
    await m.insert(RefundEntity, row);
    await this.outbox.add(m, 'payments.refund-issued', p.id, { bookingId, paymentId: p.id, refundId: refund.id, amount, currency: p.currency });
  }

  /** A deleted member's payment records go (the card provider keeps its own, as the law requires). */
  async eraseHost(m: EntityManager, userId: string): Promise<void> {
    await m.delete(PaymentEntity, { hostId: userId });
    await m.delete(RefundEntity, { hostId: userId });
  }

  private async settle(m: EntityManager, p: PaymentEntity, outcome: 'succeeded' | 'failed', intent: Stripe.PaymentIntent): Promise<void> {
    if (p.status === 'succeeded' || p.status === outcome) return;
    p.status = outcome;
    await m.save(PaymentEntity, p);
    if (outcome === 'succeeded') await this.outbox.add(m, 'payments.payment-succeeded', p.id, { paymentId: p.id, bookingId: p.bookingId, amount: p.amount, currency: p.currency });
    else await this.outbox.add(m, 'payments.payment-failed', p.id, { paymentId: p.id, bookingId: p.bookingId, reason: intent.last_payment_error?.message ?? intent.status ?? 'failed' });
  }
}
