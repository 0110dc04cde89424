import { randomBytes, timingSafeEqual } from 'node:crypto';
import Stripe from 'stripe';
import type { DataSource, EntityManager } from 'typeorm';
import { PAYMENT_ERRORS, testCardOutcome, type TestPaymentConfirm } from '@luxe/contracts';
import { AppError } from '@luxe/platform/http';
import type { Logger } from '@luxe/platform/runtime';
import type {
  CreateIntentParams,
  CreateRefundParams,
  OffSessionChargeParams,
  PaymentProvider,
  ProviderIntent,
} from './payment-provider';
import { TestPaymentCustomerEntity, TestPaymentIntentEntity, TestPaymentRefundEntity } from './test-provider.entity';

/** Where the test provider delivers its signed events: PaymentService.webhook, the handler of Stripe's. */
export type WebhookSink = (payload: string, signature: string) => Promise<unknown>;

/**
 * How long after an API cancellation its `payment_intent.canceled` event is delivered: later than
 * the answer, as Stripe's webhooks come (the split marks a payment replaced before it cancels it, so
 * the order does not matter to the service).
 */
const CANCELED_EVENT_DELAY_MS = 1000;

const rid = (bytes = 12) => randomBytes(bytes).toString('base64url').replace(/[-_]/g, '').slice(0, 24).padEnd(8, '0');

/** Postgres' unique-violation: a parallel call with the same idempotency key stored its row first. */
const isUniqueViolation = (err: unknown) => (err as { code?: string } | null)?.code === '23505';

/**
 * The test provider (docs/product.md#payment-test-mode; PAYMENT_PROVIDER=test: the embedded mode's default; refused in
 * production). It keeps what Stripe keeps (PaymentIntents, refunds, customers) in payments' own
 * database with Stripe-shaped ids, answers Stripe's documented test card numbers with their
 * documented outcomes (libs/contracts test-payments.ts), and delivers each outcome as Stripe
 * does: later, as a Stripe-shaped event signed with its own webhook secret, through the very
 * handler of Stripe's webhook, so the same events, refunds and splits follow. No card is charged.
 */
export class TestPaymentProvider implements PaymentProvider {
  readonly kind = 'test' as const;
  readonly publishableKey = null;
  private sink: WebhookSink | null = null;
  private readonly timers = new Set<NodeJS.Timeout>();
  private stopped = false;

  constructor(
    private readonly ds: DataSource,
    private readonly webhookSecret: string,
    private readonly logger: Logger,
    private readonly processingMs: number,
  ) {}

  /** The handler the outcomes go to (PaymentService registers its webhook). */
  deliverTo(sink: WebhookSink): void {
    this.sink = sink;
  }

  /** Intents left processing by a stopped process succeed now, as their timer would have done. */
  async resume(): Promise<void> {
    const left = await this.ds.manager.findBy(TestPaymentIntentEntity, { status: 'processing' });
    for (const intent of left) this.later(0, () => this.finishProcessing(intent.id));
  }

  stop(): void {
    this.stopped = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }

  async createIntent(p: CreateIntentParams, idempotencyKey: string): Promise<ProviderIntent> {
    const row = Object.assign(new TestPaymentIntentEntity(), {
      id: `pi_test_${rid()}`,
      idempotencyKey,
      amount: p.amount,
      currency: p.currency,
      status: 'requires_payment_method' as const,
      customerId: p.customer ?? null,
      paymentMethodId: null,
      setupFutureUsage: p.setupFutureUsage ?? null,
      metadata: p.metadata,
      description: p.description,
      lastError: null,
      createdAt: new Date(),
    });
    // Stripe's client secret is the intent's id and a random secret: the secret is the browser's capability.
    row.clientSecret = `${row.id}_secret_${randomBytes(18).toString('base64url')}`;
    return intentObject(await this.insertOnce(TestPaymentIntentEntity, row, idempotencyKey));
  }

  async retrieveIntent(id: string): Promise<ProviderIntent> {
    return intentObject(await this.intent(this.ds.manager, id));
  }

  async cancelIntent(id: string, _idempotencyKey: string): Promise<ProviderIntent> {
    const { row, changed } = await this.ds.transaction(async (m) => {
      const intent = await this.intent(m, id, true);
      if (intent.status === 'canceled') return { row: intent, changed: false };
      // As Stripe: an intent that succeeded or is processing cannot be cancelled.
      if (intent.status !== 'requires_payment_method')
        throw new Error(`You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`);
      intent.status = 'canceled';
      await m.save(TestPaymentIntentEntity, intent);
      return { row: intent, changed: true };
    });
    // Later than the other outcomes, as Stripe's webhook comes after its answer: the caller records
    // its own reason first (a split marks the whole payment replaced; a hold's end, canceled), so
    // this event finds nothing left to change.
    if (changed) this.deliver('payment_intent.canceled', row, undefined, CANCELED_EVENT_DELAY_MS);
    return intentObject(row);
  }

  async createRefund(p: CreateRefundParams, idempotencyKey: string): Promise<{ id: string; status: string | null }> {
    const existing = await this.ds.manager.findOneBy(TestPaymentRefundEntity, { idempotencyKey });
    if (existing) return { id: existing.id, status: existing.status };
    return this.ds.transaction(async (m) => {
      const intent = await this.intent(m, p.paymentIntentId, true);
      if (intent.status !== 'succeeded')
        throw new Error(`This PaymentIntent (${intent.id}) does not have a successful charge to refund.`);
      const sum = (await m.sum(TestPaymentRefundEntity, 'amount', { paymentIntentId: intent.id })) ?? 0;
      if (p.amount <= 0 || sum + p.amount > intent.amount)
        throw new Error(
          `Refund amount (${p.amount}) is greater than the unrefunded amount on the charge (${intent.amount - sum}).`,
        );
      const row = Object.assign(new TestPaymentRefundEntity(), {
        id: `re_test_${rid()}`,
        idempotencyKey,
        paymentIntentId: intent.id,
        amount: p.amount,
        status: 'succeeded',
        metadata: p.metadata,
        createdAt: new Date(),
      });
      const saved = await this.insertOnce(TestPaymentRefundEntity, row, idempotencyKey, m);
      return { id: saved.id, status: saved.status };
    });
  }

  async createCustomer(metadata: Record<string, string>, idempotencyKey: string): Promise<{ id: string }> {
    const row = Object.assign(new TestPaymentCustomerEntity(), {
      id: `cus_test_${rid()}`,
      idempotencyKey,
      metadata,
      createdAt: new Date(),
    });
    return { id: (await this.insertOnce(TestPaymentCustomerEntity, row, idempotencyKey)).id };
  }

  /**
   * The split fallback: the card the host paid his share with (kept for off-session use) is
   * charged at once; it succeeds as his card did (a card saved only by a succeeded payment).
   */
  async chargeOffSession(p: OffSessionChargeParams, idempotencyKey: string): Promise<ProviderIntent> {
    const saved = await this.ds.manager.findOneBy(TestPaymentIntentEntity, {
      customerId: p.customer,
      paymentMethodId: p.paymentMethod,
      status: 'succeeded',
    });
    if (!saved || saved.setupFutureUsage !== 'off_session')
      throw new Error('The payment method is not attached to this customer for off-session use.');
    const row = Object.assign(new TestPaymentIntentEntity(), {
      id: `pi_test_${rid()}`,
      idempotencyKey,
      amount: p.amount,
      currency: p.currency,
      status: 'succeeded' as const,
      customerId: p.customer,
      paymentMethodId: p.paymentMethod,
      setupFutureUsage: null,
      metadata: p.metadata,
      description: null,
      lastError: null,
      createdAt: new Date(),
    });
    row.clientSecret = `${row.id}_secret_${randomBytes(18).toString('base64url')}`;
    const stored = await this.insertOnce(TestPaymentIntentEntity, row, idempotencyKey);
    if (stored.id === row.id) this.deliver('payment_intent.succeeded', stored);
    return intentObject(stored);
  }

  verifyWebhook(payload: string, signature: string): Stripe.Event {
    return Stripe.webhooks.constructEvent(payload, signature, this.webhookSecret);
  }

  /**
   * The browser's attempt (`POST /api/test-payments/{id}/confirm`): the card number decides, as
   * in Stripe's test mode. The answer is what Stripe.js answers; the outcome itself reaches the
   * booking by the signed event, after this request.
   */
  async confirm(intentId: string, clientSecret: string, cardNumber: string): Promise<TestPaymentConfirm> {
    const outcome = testCardOutcome(cardNumber);
    const row = await this.ds.transaction(async (m) => {
      const intent = await m.findOne(TestPaymentIntentEntity, {
        where: { id: intentId },
        lock: { mode: 'pessimistic_write' },
      });
      if (!intent || !sameSecret(intent.clientSecret, clientSecret)) throw AppError.of(PAYMENT_ERRORS.TEST_NOT_FOUND);
      if (intent.status === 'succeeded') throw AppError.of(PAYMENT_ERRORS.TEST_ALREADY_PAID);
      if (intent.status === 'processing') throw AppError.of(PAYMENT_ERRORS.TEST_PROCESSING);
      if (intent.status === 'canceled') throw AppError.of(PAYMENT_ERRORS.TEST_CANCELED);
      if (outcome.kind === 'declined') {
        intent.lastError = outcome.message;
      } else {
        intent.status = outcome.kind;
        intent.lastError = null;
        intent.paymentMethodId = `pm_test_${rid()}`;
      }
      await m.save(TestPaymentIntentEntity, intent);
      return intent;
    });
    switch (outcome.kind) {
      case 'succeeded':
        this.deliver('payment_intent.succeeded', row);
        return { status: 'succeeded', error: null };
      case 'processing':
        this.later(this.processingMs, () => this.finishProcessing(row.id));
        return { status: 'processing', error: null };
      case 'declined':
        this.deliver('payment_intent.payment_failed', row, {
          message: outcome.message,
          decline_code: outcome.declineCode,
        });
        return { status: 'requires_payment_method', error: outcome.message };
    }
  }

  private async finishProcessing(id: string): Promise<void> {
    const done = await this.ds.transaction(async (m) => {
      const intent = await m.findOne(TestPaymentIntentEntity, { where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!intent || intent.status !== 'processing') return null;
      intent.status = 'succeeded';
      await m.save(TestPaymentIntentEntity, intent);
      return intent;
    });
    if (done) this.deliver('payment_intent.succeeded', done);
  }

  /**
   * The event, signed as Stripe signs it, handed to the webhook handler after this call returns
   * (never inline: Stripe's events arrive on their own request). A failed delivery is tried again
   * a few times, as Stripe retries a webhook.
   */
  private deliver(
    type: 'payment_intent.succeeded' | 'payment_intent.payment_failed' | 'payment_intent.canceled',
    intent: TestPaymentIntentEntity,
    error?: { message: string; decline_code: string },
    delayMs = 0,
  ): void {
    const object = {
      ...intentObject(intent),
      last_payment_error: error ? { type: 'card_error', code: 'card_declined', ...error } : null,
    };
    const event = {
      id: `evt_test_${rid()}`,
      object: 'event',
      type,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      api_version: null,
      pending_webhooks: 1,
      request: null,
      data: { object },
    };
    const payload = JSON.stringify(event);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: this.webhookSecret });
    const attempt = (n: number) => {
      if (!this.sink) return void this.logger.error({ eventId: event.id }, 'a test-mode payment event has no handler');
      this.sink(payload, signature).catch((err: unknown) => {
        if (n >= 5)
          return void this.logger.error(
            { err, eventId: event.id, type },
            'delivering a test-mode payment event failed for good',
          );
        this.logger.warn({ err, eventId: event.id, type }, 'delivering a test-mode payment event failed; retried');
        this.later(200 * 2 ** n, () => attempt(n + 1));
      });
    };
    this.later(delayMs, () => attempt(0));
  }

  private later(ms: number, fn: () => void | Promise<void>): void {
    if (this.stopped) return;
    const t = setTimeout(() => {
      this.timers.delete(t);
      void Promise.resolve()
        .then(fn)
        .catch((err: unknown) => this.logger.warn({ err }, 'a test-mode payment step failed'));
    }, ms);
    this.timers.add(t);
  }

  private async intent(m: EntityManager, id: string, lock = false): Promise<TestPaymentIntentEntity> {
    const intent = await m.findOne(TestPaymentIntentEntity, {
      where: { id },
      ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
    });
    if (!intent) throw new Error(`No such payment_intent: '${id}'`);
    return intent;
  }

  /** Inserts the row, or answers the one made before with the same idempotency key (as Stripe answers a retried call). */
  private async insertOnce<T extends { idempotencyKey: string }>(
    entity: new () => T,
    row: T,
    idempotencyKey: string,
    m: EntityManager = this.ds.manager,
  ): Promise<T> {
    const before = await m.findOneBy(entity, { idempotencyKey } as never);
    if (before) return before;
    try {
      await m.insert(entity, row as never);
      return row;
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      const winner = await this.ds.manager.findOneBy(entity, { idempotencyKey } as never);
      if (!winner) throw err;
      return winner;
    }
  }
}

/** A stored intent in Stripe's shape (what the events carry and the service reads). */
function intentObject(i: TestPaymentIntentEntity): ProviderIntent & Record<string, unknown> {
  return {
    id: i.id,
    object: 'payment_intent',
    amount: i.amount,
    currency: i.currency,
    status: i.status,
    client_secret: i.clientSecret,
    customer: i.customerId,
    payment_method: i.paymentMethodId,
    setup_future_usage: i.setupFutureUsage,
    metadata: i.metadata,
    description: i.description,
    cancellation_reason: i.status === 'canceled' ? 'requested_by_customer' : null,
    livemode: false,
  };
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
