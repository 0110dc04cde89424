import { describe, expect, it, jest } from '@jest/globals';
import type Stripe from 'stripe';
import type { DataSource } from 'typeorm';
import { AppError } from '@luxe/platform/http';
import type { Logger } from '@luxe/platform/runtime';
import { TestPaymentProvider } from './test-provider';
import { TestPaymentCustomerEntity, TestPaymentIntentEntity, TestPaymentRefundEntity } from './test-provider.entity';

// The test provider's outcomes by card number, with an in-memory stand-in for its tables (the
// real path, PostgreSQL and the webhook handler included, is gateway/test/test-payments.api.spec.ts).
type Row = Record<string, unknown>;
function memoryDataSource(): DataSource {
  const tables = new Map<unknown, Row[]>([
    [TestPaymentIntentEntity, []],
    [TestPaymentRefundEntity, []],
    [TestPaymentCustomerEntity, []],
  ]);
  const matches = (row: Row, where: Row) => Object.entries(where).every(([k, v]) => row[k] === v);
  const manager = {
    findOne: async (e: unknown, o: { where: Row }) => tables.get(e)!.find((r) => matches(r, o.where)) ?? null,
    findOneBy: async (e: unknown, where: Row) => tables.get(e)!.find((r) => matches(r, where)) ?? null,
    findBy: async (e: unknown, where: Row) => tables.get(e)!.filter((r) => matches(r, where)),
    insert: async (e: unknown, row: Row) => void tables.get(e)!.push(row),
    save: async (e: unknown, row: Row) => {
      const rows = tables.get(e)!;
      const i = rows.findIndex((r) => r.id === row.id);
      rows[i] = row;
      return row;
    },
    sum: async (e: unknown, column: string, where: Row) => {
      const rows = tables.get(e)!.filter((r) => matches(r, where));
      return rows.length ? rows.reduce((a, r) => a + (r[column] as number), 0) : null;
    },
  };
  return { manager, transaction: async (fn: (m: unknown) => unknown) => fn(manager) } as unknown as DataSource;
}

const SECRET = 'whsec_test_unit_secret_0123456789';
function setup(processingMs = 30) {
  const logger = { warn: jest.fn(), error: jest.fn(), info: jest.fn() } as unknown as Logger;
  const provider = new TestPaymentProvider(memoryDataSource(), SECRET, logger, processingMs);
  const events: Stripe.Event[] = [];
  // The sink checks the signature as PaymentService.webhook does.
  provider.deliverTo(async (payload, signature) => void events.push(provider.verifyWebhook(payload, signature)));
  return { provider, events };
}
const settle = (ms = 10) => new Promise((r) => setTimeout(r, ms));
async function intentOf(provider: TestPaymentProvider, amount = 32000) {
  return provider.createIntent(
    { amount, currency: 'usd', metadata: { bookingId: 'b1' }, description: 'Yacht' },
    `hold-${Math.random()}`,
  );
}
const shape = (e: Stripe.Event) => {
  const o = e.data.object as Stripe.PaymentIntent;
  return { type: e.type, id: o.id, status: o.status, error: o.last_payment_error?.message ?? null };
};

describe('the test payment provider', () => {
  it('makes Stripe-shaped intents with a random client secret, once per idempotency key', async () => {
    const { provider } = setup();
    const a = await provider.createIntent({ amount: 5000, currency: 'usd', metadata: {}, description: 'x' }, 'hold-1');
    const again = await provider.createIntent(
      { amount: 5000, currency: 'usd', metadata: {}, description: 'x' },
      'hold-1',
    );
    const b = await provider.createIntent({ amount: 5000, currency: 'usd', metadata: {}, description: 'x' }, 'hold-2');
    expect(a.id).toMatch(/^pi_test_[A-Za-z0-9]{8,}$/);
    expect(a.client_secret).toMatch(new RegExp(`^${a.id}_secret_[A-Za-z0-9_-]{20,}$`));
    expect(again).toEqual(a);
    expect(b.client_secret).not.toBe(a.client_secret);
    expect(a).toMatchObject({ status: 'requires_payment_method', amount: 5000, currency: 'usd' });
  });

  it('4242 4242 4242 4242 succeeds; the signed payment_intent.succeeded comes after the answer, not inline', async () => {
    const { provider, events } = setup();
    const intent = await intentOf(provider);
    expect(await provider.confirm(intent.id, intent.client_secret!, '4242424242424242')).toEqual({
      status: 'succeeded',
      error: null,
    });
    expect(events).toEqual([]);
    await settle();
    expect(events.map(shape)).toEqual([
      { type: 'payment_intent.succeeded', id: intent.id, status: 'succeeded', error: null },
    ]);
    expect((await provider.retrieveIntent(intent.id)).status).toBe('succeeded');
    await expect(provider.confirm(intent.id, intent.client_secret!, '4242424242424242')).rejects.toMatchObject({
      code: 'PAYMENT.TEST_ALREADY_PAID',
    });
  });

  it('4000 0000 0000 0002 and 9995 decline with their messages; the same intent can then succeed', async () => {
    const { provider, events } = setup();
    const intent = await intentOf(provider);
    expect(await provider.confirm(intent.id, intent.client_secret!, '4000000000000002')).toEqual({
      status: 'requires_payment_method',
      error: 'Your card was declined.',
    });
    expect(await provider.confirm(intent.id, intent.client_secret!, '4000000000009995')).toEqual({
      status: 'requires_payment_method',
      error: 'Your card has insufficient funds.',
    });
    expect(await provider.confirm(intent.id, intent.client_secret!, '5555555555554444')).toEqual({
      status: 'requires_payment_method',
      error: expect.stringContaining('not a test card'),
    });
    await settle();
    expect((await provider.retrieveIntent(intent.id)).status).toBe('requires_payment_method');
    expect(await provider.confirm(intent.id, intent.client_secret!, '4242424242424242')).toEqual({
      status: 'succeeded',
      error: null,
    });
    await settle();
    expect(events.map(shape)).toEqual([
      {
        type: 'payment_intent.payment_failed',
        id: intent.id,
        status: 'requires_payment_method',
        error: 'Your card was declined.',
      },
      {
        type: 'payment_intent.payment_failed',
        id: intent.id,
        status: 'requires_payment_method',
        error: 'Your card has insufficient funds.',
      },
      {
        type: 'payment_intent.payment_failed',
        id: intent.id,
        status: 'requires_payment_method',
        error: expect.stringContaining('not a test card'),
      },
      { type: 'payment_intent.succeeded', id: intent.id, status: 'succeeded', error: null },
    ]);
  });

  it('4000 0025 0000 3155 is processing first (no second attempt, not cancellable), then succeeds', async () => {
    const { provider, events } = setup(60);
    const intent = await intentOf(provider);
    expect(await provider.confirm(intent.id, intent.client_secret!, '4000 0025 0000 3155')).toEqual({
      status: 'processing',
      error: null,
    });
    await settle(20);
    expect([events.length, (await provider.retrieveIntent(intent.id)).status]).toEqual([0, 'processing']);
    await expect(provider.confirm(intent.id, intent.client_secret!, '4242424242424242')).rejects.toMatchObject({
      code: 'PAYMENT.TEST_PROCESSING',
    });
    await expect(provider.cancelIntent(intent.id, 'k')).rejects.toThrow('processing');
    await settle(100);
    expect(events.map(shape)).toEqual([
      { type: 'payment_intent.succeeded', id: intent.id, status: 'succeeded', error: null },
    ]);
  });

  it('refuses a wrong client secret or an unknown intent as not found, and a cancelled intent', async () => {
    const { provider, events } = setup();
    const intent = await intentOf(provider);
    const other = await intentOf(provider);
    for (const [id, secret] of [
      [intent.id, other.client_secret!],
      ['pi_test_nope', intent.client_secret!],
    ]) {
      const err = await provider.confirm(id!, secret!, '4242424242424242').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AppError);
      expect(err).toMatchObject({ code: 'PAYMENT.TEST_NOT_FOUND', status: 404 });
    }
    await provider.cancelIntent(intent.id, 'cancel-1');
    await expect(provider.confirm(intent.id, intent.client_secret!, '4242424242424242')).rejects.toMatchObject({
      code: 'PAYMENT.TEST_CANCELED',
    });
    await settle(1100);
    expect(events.map(shape)).toEqual([
      { type: 'payment_intent.canceled', id: intent.id, status: 'canceled', error: null },
    ]);
  });

  it('refunds a succeeded intent once per key and never beyond what was paid', async () => {
    const { provider } = setup();
    const intent = await intentOf(provider, 10000);
    await expect(
      provider.createRefund({ paymentIntentId: intent.id, amount: 100, metadata: {} }, 'r0'),
    ).rejects.toThrow('does not have a successful charge');
    await provider.confirm(intent.id, intent.client_secret!, '4242424242424242');
    const r1 = await provider.createRefund({ paymentIntentId: intent.id, amount: 6000, metadata: {} }, 'r1');
    expect(r1).toEqual({ id: expect.stringMatching(/^re_test_/), status: 'succeeded' });
    expect(await provider.createRefund({ paymentIntentId: intent.id, amount: 6000, metadata: {} }, 'r1')).toEqual(r1);
    await expect(
      provider.createRefund({ paymentIntentId: intent.id, amount: 6000, metadata: {} }, 'r2'),
    ).rejects.toThrow('greater than the unrefunded amount');
  });

  it("charges the split host's saved card off-session only when it paid and was set up for it", async () => {
    const { provider, events } = setup();
    const customer = await provider.createCustomer({ userId: 'u1' }, 'c1');
    expect(customer.id).toMatch(/^cus_test_/);
    const share = await provider.createIntent(
      {
        amount: 2000,
        currency: 'usd',
        metadata: {},
        description: 'share',
        customer: customer.id,
        setupFutureUsage: 'off_session',
      },
      'share-1',
    );
    await provider.confirm(share.id, share.client_secret!, '4242424242424242');
    await settle();
    const pm = (events[0]!.data.object as Stripe.PaymentIntent).payment_method as string;
    expect(pm).toMatch(/^pm_test_/);
    const charge = await provider.chargeOffSession(
      { amount: 4000, currency: 'usd', customer: customer.id, paymentMethod: pm, metadata: {} },
      'fb-1',
    );
    expect(charge.status).toBe('succeeded');
    await expect(
      provider.chargeOffSession(
        { amount: 4000, currency: 'usd', customer: customer.id, paymentMethod: 'pm_test_other', metadata: {} },
        'fb-2',
      ),
    ).rejects.toThrow('off-session');
  });

  it('signs with its own secret: a forged or re-signed event is refused', async () => {
    const { provider } = setup();
    expect(() => provider.verifyWebhook('{"id":"evt_1","object":"event"}', 't=1,v1=abc')).toThrow();
  });
});
