import { describe, expect, it, jest } from '@jest/globals';
import type { DataSource, EntityManager } from 'typeorm';
import { PAYMENT_ERRORS } from '@luxe/contracts';
import type { Outbox } from '@luxe/platform/events';
import type { Logger } from '@luxe/platform/runtime';
import { PaymentEntity } from './payment.entity';
import type { PaymentRepository } from './payment.repository';
import { PaymentService } from './payment.service';
import type { PaymentProvider } from './provider';
import type { SplitPayments } from './split-payments';

// PaymentService.webhook over a fake repository, a stand-in provider (its signature check) and
// split payments: each event has one effect, the splits' intents are theirs (the real path, with
// stripe-mock and Kafka, is gateway/test/money-lifecycle.api.spec.ts).
const BOOKING = '8b7f1c2a-0000-4000-8000-000000000003';
const m = {} as EntityManager;

function setup(
  opts: { fresh?: boolean; payment?: PaymentEntity | null; splitsIntent?: boolean; signatureOk?: boolean } = {},
) {
  const saved: string[] = [];
  const payments = {
    recordEvent: jest.fn(async () => opts.fresh ?? true),
    lockByIntent: jest.fn(async () =>
      opts.payment === undefined
        ? Object.assign(new PaymentEntity(), {
            id: 'p1',
            bookingId: BOOKING,
            hostId: 'h1',
            paymentIntentId: 'pi_1',
            amount: 50000,
            currency: 'usd',
            status: 'pending' as const,
            lastError: null,
          })
        : opts.payment,
    ),
    save: jest.fn(async (_m: EntityManager, p: PaymentEntity) => void saved.push(p.status)),
  };
  const provider = {
    kind: 'stripe',
    publishableKey: null,
    verifyWebhook: jest.fn((payload: string) => {
      if (opts.signatureOk === false) throw new Error('No signatures found matching the expected signature');
      return JSON.parse(payload) as unknown;
    }),
  } as unknown as PaymentProvider;
  const splits = {
    hostShareIntent: jest.fn(async () => null),
    onIntent: jest.fn(async () => opts.splitsIntent ?? false),
  } satisfies SplitPayments;
  const published: { type: string; data: Record<string, unknown> }[] = [];
  const outbox = {
    add: jest.fn(
      async (_m: EntityManager, type: string, _key: string, data: Record<string, unknown>) =>
        void published.push({ type, data }),
    ),
  } as unknown as Outbox;
  const logger = { warn: jest.fn(), error: jest.fn(), info: jest.fn() } as unknown as Logger;
  const ds = { transaction: async (fn: (tx: EntityManager) => unknown) => fn(m) } as unknown as DataSource;
  const service = new PaymentService(ds, payments as unknown as PaymentRepository, outbox, logger, provider, splits);
  return { service, payments, splits, saved, published };
}

const event = (type: string, intent: Record<string, unknown> = {}) =>
  JSON.stringify({ id: 'evt_1', type, data: { object: { id: 'pi_1', ...intent } } });

describe('the provider’s webhook', () => {
  it('confirms a pending payment on payment_intent.succeeded (payment-succeeded with its amount)', async () => {
    const { service, saved, published } = setup();
    expect(await service.webhook(event('payment_intent.succeeded'), 'sig')).toEqual({ received: true });
    expect(saved).toEqual(['succeeded']);
    expect(published).toEqual([
      {
        type: 'payments.payment-succeeded',
        data: { paymentId: 'p1', bookingId: BOOKING, amount: 50000, currency: 'usd' },
      },
    ]);
  });

  it('keeps a declined payment pending with the card’s message, retry allowed', async () => {
    const { service, saved, published } = setup();
    await service.webhook(
      event('payment_intent.payment_failed', { last_payment_error: { message: 'Your card has insufficient funds.' } }),
      'sig',
    );
    expect(saved).toEqual(['pending']);
    expect(published).toEqual([
      {
        type: 'payments.payment-failed',
        data: { paymentId: 'p1', bookingId: BOOKING, reason: 'Your card has insufficient funds.', retryable: true },
      },
    ]);
  });

  it('does nothing for an event handled before, nor for a PaymentIntent of a split (split payments settle it)', async () => {
    const replay = setup({ fresh: false });
    await replay.service.webhook(event('payment_intent.succeeded'), 'sig');
    expect([replay.payments.lockByIntent.mock.calls.length, replay.saved.length, replay.published.length]).toEqual([
      0, 0, 0,
    ]);
    const split = setup({ payment: null, splitsIntent: true });
    await split.service.webhook(event('payment_intent.succeeded'), 'sig');
    expect(split.splits.onIntent).toHaveBeenCalledWith(m, expect.objectContaining({ id: 'pi_1' }), 'succeeded');
    expect([split.saved.length, split.published.length]).toEqual([0, 0]);
  });

  it('refuses a bad signature with its 400 and records nothing', async () => {
    const { service, payments } = setup({ signatureOk: false });
    await expect(service.webhook(event('payment_intent.succeeded'), 'forged')).rejects.toMatchObject({
      code: PAYMENT_ERRORS.BAD_SIGNATURE.code,
      status: 400,
    });
    expect(payments.recordEvent).not.toHaveBeenCalled();
  });
});
