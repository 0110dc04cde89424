import { randomBytes, randomUUID } from 'node:crypto';
import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type Stripe from 'stripe';
import { DataSource, EntityManager } from 'typeorm';
import {
  BOOKING_ERRORS,
  bookingWindow,
  CARD_MINIMUM_CENTS,
  PAYMENT_ERRORS,
  SPLIT_ERRORS,
  splitDeadline,
  splitShareAmounts,
  toCents,
  type Hold,
  type Split,
  type SplitFallback,
  type SplitShareIntent,
  type SplitSharePublic,
} from '@luxe/contracts';
import { Outbox } from '@luxe/platform/events';
import { Actor, AppError, requireMember } from '@luxe/platform/http';
import { LOGGER, type Logger, SERVICE_SETTINGS } from '@luxe/platform/runtime';
import { bookingEnded, lockBooking } from '../payments/booking-fence.repository';
import { INTENT_IN_FLIGHT } from '../payments/payment-lifecycle';
import { PAYMENT_PROVIDER, type PaymentProvider, type ProviderIntent } from '../payments/provider';
import { PaymentRepository } from '../payments/payment.repository';
import type { PaymentSettings } from '../payments/payment.settings';
import type { SplitPayments } from '../payments/split-payments';
import { toShareIntent, toSharePublic, toSplit } from './split.mapper';
import { SplitRepository, type ShareRow, type SplitRow } from './split.repository';

const idOf = (x: string | { id: string } | null | undefined): string | null =>
  x == null ? null : typeof x === 'string' ? x : x.id;

/**
 * Split payments (docs/product.md#payment-split). The host splits his held booking's amount due now
 * among the people paying: equal cents, the remainder on his share. He pays his share at once (his
 * card is kept for later with the Stripe customer made for the split); each guest pays his share by
 * a link. Each share's webhook marks it paid once (conditional update); when every share is paid
 * the booking is confirmed (`payments.payment-succeeded` with the total). At the deadline a sweeper
 * charges the host's saved card for the unpaid shares ('host-card'), or releases the booking and
 * refunds every paid share in full ('release', and 'host-card' when the charge fails).
 */
@Injectable()
export class SplitService implements SplitPayments, OnModuleInit, OnModuleDestroy {
  private sweeper?: NodeJS.Timeout;
  private sweeping = false;
  constructor(
    private readonly ds: DataSource,
    private readonly splits: SplitRepository,
    private readonly payments: PaymentRepository,
    private readonly outbox: Outbox,
    @Inject(SERVICE_SETTINGS) private readonly settings: PaymentSettings,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider | null,
  ) {}

  onModuleInit(): void {
    this.sweeper = setInterval(
      () =>
        void this.sweep().catch((err) =>
          this.logger.warn({ err }, 'settling split payments past their deadline failed; retried'),
        ),
      this.settings.SPLIT_SWEEP_MS ?? 60_000,
    );
    this.sweeper.unref();
  }
  onModuleDestroy(): void {
    if (this.sweeper) clearInterval(this.sweeper);
  }

  /** `POST /api/bookings/{id}/split` (the gateway passes the caller's own booking from bookings). */
  async create(
    actor: Actor,
    bookingId: string,
    hold: Hold,
    count: number,
    fallback: SplitFallback,
    now = new Date(),
  ): Promise<Split> {
    requireMember(actor);
    if (!this.provider) throw AppError.of(PAYMENT_ERRORS.NOT_CONFIGURED);
    if (hold.id !== bookingId || hold.hostId !== actor.userId) throw AppError.of(BOOKING_ERRORS.NOT_FOUND);
    const existing = await this.splits.splitOfBooking(this.ds.manager, bookingId);
    if (existing) return this.view(this.ds.manager, existing, actor.userId);
    if (
      hold.status !== 'held' ||
      !hold.holdExpiresAt ||
      new Date(hold.holdExpiresAt).getTime() <= now.getTime() ||
      toCents(hold.amountPaid) > 0
    )
      throw AppError.of(SPLIT_ERRORS.NOT_SPLITTABLE);
    const deadline = splitDeadline(now, bookingWindow(hold.bookingDate, hold.startTime, hold.duration).startsAt);
    if (!deadline) throw AppError.of(SPLIT_ERRORS.TOO_LATE);
    const total = toCents(hold.depositAmount);
    // Every share is a card charge of its own: none may be under the provider's minimum.
    if (total < count * CARD_MINIMUM_CENTS) throw AppError.of(SPLIT_ERRORS.NOT_SPLITTABLE);
    if (await bookingEnded(this.ds.manager, bookingId)) throw AppError.of(SPLIT_ERRORS.NOT_SPLITTABLE);
    await this.retireWholePayment(bookingId);
    const amounts = splitShareAmounts(total, count);
    const splitId = randomUUID();
    const hostShareId = randomUUID();
    let customer: { id: string };
    let intent: ProviderIntent;
    try {
      customer = await this.provider.createCustomer(
        { userId: actor.userId, bookingId },
        `split-customer:${bookingId}:${count}`,
      );
      intent = await this.provider.createIntent(
        {
          amount: amounts[0]!,
          currency: 'usd',
          customer: customer.id,
          setupFutureUsage: 'off_session',
          metadata: { bookingId, splitId, shareId: hostShareId, hostId: actor.userId },
          description: `${hold.venueName} ${hold.bookingDate} ${hold.startTime} (your share)`,
        },
        `split-host:${bookingId}:${count}`,
      );
    } catch (err) {
      this.logger.error({ err, bookingId }, 'starting the split payment failed');
      throw AppError.of(PAYMENT_ERRORS.PROVIDER_FAILED);
    }
    const made = await this.ds.transaction(async (m) => {
      // The booking may have ended while the provider was called (booking-fence.repository.ts).
      await lockBooking(m, bookingId);
      if (await bookingEnded(m, bookingId)) return 'ended' as const;
      const inserted = await this.splits.insertSplit(m, {
        id: splitId,
        bookingId,
        hostId: actor.userId,
        venueName: hold.venueName,
        bookingDate: hold.bookingDate,
        startTime: hold.startTime,
        fallback,
        deadline,
        total,
        stripeCustomerId: customer.id,
      });
      if (!inserted) return false; // a parallel request split it first
      for (const [i, amount] of amounts.entries()) {
        const host = i === 0;
        await this.splits.insertShare(m, {
          id: host ? hostShareId : randomUUID(),
          splitId,
          position: i,
          isHost: host,
          token: host ? null : randomBytes(24).toString('base64url'),
          amount,
          payerId: host ? actor.userId : null,
          paymentIntentId: host ? intent.id : null,
          clientSecret: host ? (intent.client_secret ?? '') : null,
        });
      }
      // The whole-amount card payment started before (if any, cancelled at the provider by
      // retireWholePayment) is replaced by the shares; should it succeed anyway, it is refunded in
      // full (payment-lifecycle.ts).
      await this.payments.replacePending(m, bookingId);
      await this.outbox.add(m, 'payments.split-created', splitId, {
        splitId,
        bookingId,
        hostId: actor.userId,
        deadline: deadline.toISOString(),
        shares: count,
        fallback,
      });
      return true;
    });
    if (made === 'ended') {
      await this.cancelIntent(intent.id, bookingId);
      throw AppError.of(SPLIT_ERRORS.NOT_SPLITTABLE);
    }
    if (!made) this.logger.info({ bookingId }, 'a parallel request split this booking first');
    const split = await this.splits.splitOfBooking(this.ds.manager, bookingId);
    if (!split) throw AppError.of(SPLIT_ERRORS.NOT_FOUND);
    return this.view(this.ds.manager, split, actor.userId);
  }

  /**
   * Before shares replace it, the booking's whole-card PaymentIntent (if any) is cancelled at the
   * provider; one in flight or paid cannot be replaced (docs/booking-lifecycle.md: a split made while the
   * card payment was processing charged the whole amount and the shares). A cancel that fails
   * (the payer completed it meanwhile) refuses the split too.
   */
  private async retireWholePayment(bookingId: string): Promise<void> {
    const card = await this.payments.cardOfBooking(bookingId);
    if (!card || card.status === 'replaced' || card.status === 'canceled' || card.status === 'failed') return;
    if (card.status !== 'pending' || !this.provider) throw AppError.of(SPLIT_ERRORS.NOT_SPLITTABLE);
    const intent = await this.provider.retrieveIntent(card.payment_intent_id).catch(() => null);
    if (!intent || INTENT_IN_FLIGHT.has(intent.status)) throw AppError.of(SPLIT_ERRORS.NOT_SPLITTABLE);
    // Marked replaced before the provider cancels it: the cancellation's own webhook then changes
    // nothing (as 'pending' it would have released the booking being split).
    if (!(await this.payments.claimForReplacement(bookingId))) throw AppError.of(SPLIT_ERRORS.NOT_SPLITTABLE);
    try {
      if (intent.status !== 'canceled')
        await this.provider.cancelIntent(card.payment_intent_id, `cancel:${card.payment_intent_id}`);
    } catch (err) {
      // Completed by the payer meanwhile: it stays the booking's payment (its success is settled as usual).
      await this.payments.unclaimReplacement(bookingId);
      this.logger.warn({ err, bookingId }, 'the whole-card PaymentIntent could not be cancelled: the split is refused');
      throw AppError.of(SPLIT_ERRORS.NOT_SPLITTABLE);
    }
  }

  /** `GET /api/bookings/{id}/split`: for the host and for the members who pay a share of it. */
  async get(actor: Actor, bookingId: string): Promise<Split> {
    requireMember(actor);
    const split = await this.splits.splitOfBooking(this.ds.manager, bookingId);
    if (!split) throw AppError.of(SPLIT_ERRORS.NOT_FOUND);
    if (split.host_id !== actor.userId) {
      if (!(await this.splits.paysShareOf(split.id, actor.userId))) throw AppError.of(SPLIT_ERRORS.NOT_FOUND);
    }
    return this.view(this.ds.manager, split, actor.userId);
  }

  /** The host's split of a booking for his checkout (null when none). */
  async hostShareIntent(
    bookingId: string,
    hostId: string,
  ): Promise<{ clientSecret: string; paymentIntentId: string } | null> {
    const row = await this.splits.hostShare(bookingId, hostId);
    return row ? { clientSecret: row.client_secret, paymentIntentId: row.payment_intent_id } : null;
  }

  /** `GET /api/split-shares/{token}`: what anyone with the link may see. */
  async share(token: string): Promise<SplitSharePublic> {
    const { split, share } = await this.byToken(this.ds.manager, token);
    return toSharePublic(split, share, this.payable(split, share));
  }

  /** `POST /api/split-shares/{token}/payment-intent`: one PaymentIntent per share, the same again if asked again. */
  async shareIntent(actor: Actor, token: string, firstName: string): Promise<SplitShareIntent> {
    requireMember(actor);
    if (!this.provider) throw AppError.of(PAYMENT_ERRORS.NOT_CONFIGURED);
    const { split, share } = await this.byToken(this.ds.manager, token);
    if (!this.payable(split, share)) throw AppError.of(SPLIT_ERRORS.SHARE_CLOSED);
    if (share.payment_intent_id) return toShareIntent(share);
    let intent: ProviderIntent;
    try {
      intent = await this.provider.createIntent(
        {
          amount: share.amount,
          currency: split.currency,
          metadata: { bookingId: split.booking_id, splitId: split.id, shareId: share.id },
          description: `${split.venue_name} ${split.booking_date} ${split.start_time} (shared payment)`,
        },
        `split-share:${share.id}`,
      );
    } catch (err) {
      this.logger.error({ err, shareId: share.id }, 'creating the share PaymentIntent failed');
      throw AppError.of(PAYMENT_ERRORS.PROVIDER_FAILED);
    }
    // Only while the split is open, under a share lock of its row (its release takes it for update):
    // either the release sees this intent and cancels it, or this sees the release.
    const claimed = await this.splits.claimShare(
      { id: share.id, splitId: split.id },
      { id: intent.id, clientSecret: intent.client_secret ?? '' },
      { id: actor.userId, firstName: firstName.slice(0, 100) },
    );
    if (claimed) return toShareIntent(claimed);
    const { split: now, share: again } = await this.byToken(this.ds.manager, token);
    if (again.payment_intent_id !== intent.id) await this.cancelIntent(intent.id, split.booking_id);
    if (!again.payment_intent_id || !this.payable(now, again)) throw AppError.of(SPLIT_ERRORS.SHARE_CLOSED);
    return toShareIntent(again);
  }

  /**
   * A PaymentIntent's outcome from Stripe's webhook (in its transaction): a share paid (once), or
   * the host's fallback charge. False when the intent is none of the splits'.
   */
  async onIntent(
    m: EntityManager,
    intent: Stripe.PaymentIntent,
    outcome: 'succeeded' | 'failed' | 'declined',
  ): Promise<boolean> {
    const share = await this.splits.shareByIntent(m, intent.id);
    if (share) {
      if (outcome !== 'succeeded') return true; // the payer may try again with the same PaymentIntent
      const split = await this.splits.lockSplit(m, share.split_id);
      if (!split) return true;
      if (!(await this.splits.markPaid(m, share.id))) return true; // confirmed before: a replayed webhook does nothing
      if (share.is_host) {
        const pm = idOf(intent.payment_method as string | { id: string } | null);
        const customer = idOf(intent.customer as string | { id: string } | null);
        await this.splits.saveHostCard(m, split.id, pm, customer);
      }
      if (split.status === 'released') {
        // Paid after the booking was released: it goes back in full.
        await this.refundShare(m, split, { ...share, status: 'paid' });
        return true;
      }
      if (split.status === 'open') await this.completeIfPaid(m, split);
      return true;
    }
    const byFallback = await this.splits.splitIdOfFallbackIntent(m, intent.id);
    if (!byFallback) return false;
    const split = await this.splits.lockSplit(m, byFallback);
    if (!split || split.status !== 'open' || split.fallback_status !== 'pending') return true;
    // The host's card charged off-session: a decline is final (nobody is there to retry it).
    if (outcome === 'succeeded') await this.coverByHost(m, split);
    else await this.release(m, split, 'the charge of the host card failed');
    return true;
  }

  /** Splits past their deadline: the host's card is charged, or the booking released. Returns how many were settled. */
  async sweep(now = new Date()): Promise<number> {
    if (this.sweeping) return 0;
    this.sweeping = true;
    try {
      const due = await this.splits.dueIds(now);
      for (const id of due) await this.settleExpired(id);
      return due.length;
    } finally {
      this.sweeping = false;
    }
  }

  /** A booking cancelled by its host (or otherwise) while its split was open: the paid shares are refunded in full. */
  async bookingCancelled(m: EntityManager, bookingId: string): Promise<void> {
    const split = await this.splits.splitOfBooking(m, bookingId, true);
    if (split?.status === 'open') await this.release(m, split, 'the booking was cancelled', false);
  }

  /**
   * A confirmed split booking cancelled with a refund (`cents`, bookings computed it from its
   * policy): shared among what was paid in proportion (each share's and the host's fallback
   * charge's part, in cents; the remainder on the host's share), refunded once each (idempotency
   * key per share). False when the booking has no completed split.
   */
  async refundCompleted(m: EntityManager, bookingId: string, cents: number): Promise<boolean> {
    const split = await this.splits.splitOfBooking(m, bookingId, true);
    if (!split || split.status !== 'completed') return false;
    if (cents <= 0) return true;
    if (!this.provider) {
      this.logger.error({ bookingId }, 'a split refund is due but card payments are not configured: refund it by hand');
      return true;
    }
    const paid = await this.splits.paidUnrefundedShares(m, split.id);
    const parts: { key: string; intent: string; amount: number; payerId?: string; share?: ShareRow }[] = paid
      .filter((s) => s.payment_intent_id)
      .map((s) => ({
        key: `split-refund:${s.id}`,
        intent: s.payment_intent_id!,
        amount: s.amount,
        payerId: s.payer_id ?? undefined,
        share: s,
      }));
    if (
      split.fallback_intent_id &&
      split.fallback_status === 'succeeded' &&
      !split.fallback_refund_id &&
      split.fallback_amount
    )
      parts.push({
        key: `split-refund-fallback:${split.id}`,
        intent: split.fallback_intent_id,
        amount: split.fallback_amount,
        payerId: split.host_id,
      });
    const paidTotal = parts.reduce((a, p) => a + p.amount, 0);
    const target = Math.min(cents, paidTotal);
    const each = parts.map((p) => Math.floor((p.amount * target) / Math.max(paidTotal, 1)));
    let rest = target - each.reduce((a, b) => a + b, 0);
    for (let i = 0; rest > 0 && i < parts.length; i++) {
      const room = parts[i]!.amount - each[i]!;
      const add = Math.min(room, rest);
      each[i]! += add;
      rest -= add;
    }
    for (const [i, p] of parts.entries()) {
      const amount = each[i]!;
      if (amount <= 0) continue;
      const refund = await this.provider.createRefund(
        { paymentIntentId: p.intent, amount, metadata: { bookingId, splitId: split.id } },
        p.key,
      );
      if (p.share) await this.splits.recordShareRefund(m, p.share.id, refund.id, amount);
      else await this.splits.recordFallbackRefund(m, split.id, refund.id, amount);
      await this.outbox.add(m, 'payments.refund-issued', split.id, {
        bookingId,
        paymentId: split.id,
        refundId: refund.id,
        amount,
        currency: split.currency,
        payerId: p.payerId,
      });
    }
    return true;
  }

  /**
   * A deleted member's name leaves the split records; the records stay (docs/booking-lifecycle.md): they
   * are the financial records of money still moving (an open split of his booking is released by
   * bookings' refund-requested, which may arrive after this, and its paid shares refunded from them).
   */
  async erase(m: EntityManager, userId: string): Promise<void> {
    await this.splits.erasePayer(m, userId);
  }

  private async settleExpired(id: string): Promise<void> {
    const split = await this.splits.lockSplit(this.ds.manager, id);
    if (!split || split.status !== 'open' || split.fallback_status !== null) return;
    if (split.fallback === 'release' || !this.provider || !split.host_payment_method_id || !split.stripe_customer_id) {
      await this.ds.transaction(async (m) => {
        const s = await this.splits.lockSplit(m, id);
        if (s?.status === 'open' && s.fallback_status === null)
          await this.release(
            m,
            s,
            split.fallback === 'release' ? 'shares unpaid at the deadline' : 'no saved card of the host',
          );
      });
      return;
    }
    const unpaid = await this.splits.pendingAmount(id);
    let intent: ProviderIntent | null = null;
    if (unpaid > 0) {
      try {
        intent = await this.provider.chargeOffSession(
          {
            amount: unpaid,
            currency: split.currency,
            customer: split.stripe_customer_id,
            paymentMethod: split.host_payment_method_id,
            metadata: { bookingId: split.booking_id, splitId: split.id, fallback: 'host-card' },
          },
          `split-fallback:${split.id}`,
        );
      } catch (err) {
        this.logger.warn(
          { err, splitId: id },
          'charging the host card for the unpaid shares failed: the booking is released',
        );
      }
    }
    await this.ds.transaction(async (m) => {
      const s = await this.splits.lockSplit(m, id);
      if (!s || s.status !== 'open' || s.fallback_status !== null) return;
      if (unpaid === 0) return this.completeIfPaid(m, s);
      if (!intent || intent.status === 'canceled') return this.release(m, s, 'the charge of the host card failed');
      await this.splits.startFallback(m, id, intent.id, unpaid);
      // Succeeded at once: covered now. Otherwise (e.g. processing) Stripe's webhook decides.
      if (intent.status === 'succeeded')
        await this.coverByHost(m, { ...s, fallback_status: 'pending', fallback_intent_id: intent.id });
    });
  }

  private async coverByHost(m: EntityManager, split: SplitRow): Promise<void> {
    await this.splits.coverPending(m, split.id);
    await this.splits.fallbackSucceeded(m, split.id);
    await this.completeIfPaid(m, split);
  }

  /** Every share paid (or covered): the split is complete and the booking confirmed once, with the total. */
  private async completeIfPaid(m: EntityManager, split: SplitRow): Promise<void> {
    if ((await this.splits.countPending(m, split.id)) > 0) return;
    if (!(await this.splits.complete(m, split.id))) return;
    await this.outbox.add(m, 'payments.payment-succeeded', split.id, {
      paymentId: split.id,
      bookingId: split.booking_id,
      amount: split.total,
      currency: split.currency,
    });
  }

  /** The booking is released: every paid share refunded in full (once each), the unpaid ones closed. */
  private async release(m: EntityManager, split: SplitRow, why: string, publish = true): Promise<void> {
    const unpaid = await this.splits.countPending(m, split.id);
    await this.splits.release(m, split.id);
    if (split.fallback_status === 'pending') await this.splits.fallbackFailed(m, split.id);
    const paid = await this.splits.paidShares(m, split.id);
    for (const share of paid) await this.refundShare(m, split, share);
    // Unpaid shares' PaymentIntents are cancelled (docs/booking-lifecycle.md: else a released split leaves them
    // open, payable by a guest with the link). One in flight is left: its success is refunded in
    // full by onIntent, the split being released.
    const open = await this.splits.openShareIntents(m, split.id);
    for (const intentId of open) await this.cancelIntent(intentId, split.booking_id);
    if (publish)
      await this.outbox.add(m, 'payments.split-released', split.id, {
        splitId: split.id,
        bookingId: split.booking_id,
        unpaidShares: unpaid,
      });
    this.logger.info(
      { splitId: split.id, bookingId: split.booking_id, why, refunded: paid.length },
      'split payment released',
    );
  }

  private async refundShare(m: EntityManager, split: SplitRow, share: ShareRow): Promise<void> {
    if (share.status !== 'paid' || !share.payment_intent_id) return;
    if (!this.provider) {
      this.logger.error(
        { shareId: share.id },
        'a share refund is due but card payments are not configured: refund it by hand',
      );
      return;
    }
    const refund = await this.provider.createRefund(
      {
        paymentIntentId: share.payment_intent_id,
        amount: share.amount,
        metadata: { bookingId: split.booking_id, splitId: split.id, shareId: share.id },
      },
      `split-refund:${share.id}`,
    );
    if (await this.splits.markRefunded(m, share.id, refund.id))
      await this.outbox.add(m, 'payments.refund-issued', split.id, {
        bookingId: split.booking_id,
        paymentId: split.id,
        refundId: refund.id,
        amount: share.amount,
        currency: split.currency,
        payerId: share.payer_id ?? undefined,
      });
  }

  private async cancelIntent(intentId: string, bookingId: string): Promise<void> {
    if (!this.provider) return;
    await this.provider
      .cancelIntent(intentId, `cancel:${intentId}`)
      .catch((err: unknown) =>
        this.logger.warn(
          { err, bookingId, intentId },
          "cancelling an unpaid share's PaymentIntent failed (in flight at the provider): a late success is refunded in full",
        ),
      );
  }

  private payable(split: SplitRow, share: ShareRow): boolean {
    return split.status === 'open' && share.status === 'pending' && new Date(split.deadline).getTime() > Date.now();
  }

  private async byToken(m: EntityManager, token: string): Promise<{ split: SplitRow; share: ShareRow }> {
    const share = await this.splits.shareByToken(m, token);
    const split = share ? await this.splits.splitById(m, share.split_id) : null;
    if (!share || !split) throw AppError.of(SPLIT_ERRORS.SHARE_NOT_FOUND);
    return { split, share };
  }

  private async view(m: EntityManager, split: SplitRow, viewerId: string): Promise<Split> {
    return toSplit(split, await this.splits.sharesOf(m, split.id), viewerId);
  }
}
