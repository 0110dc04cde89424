import { describe, expect, it, jest } from '@jest/globals';
import type { DataSource, EntityManager } from 'typeorm';
import type { Outbox } from '@luxe/platform/events';
import type { Logger } from '@luxe/platform/runtime';
import { PaymentEntity, RefundEntity } from './payment.entity';
import { PaymentRepository } from './payment.repository';
import { PaymentService } from './payment.service';
import type { PaymentProvider } from './provider';

// The refund step of PaymentService (over its real repository) with a stand-in card provider and EntityManager (the real
// path, stripe-mock and Kafka included, is gateway/test/cancellation.api.spec.ts).
const BOOKING = '8b7f1c2a-0000-4000-8000-000000000001';
const payment = Object.assign(new PaymentEntity(), {
  id: 'p0000000-0000-4000-8000-000000000001',
  bookingId: BOOKING,
  hostId: 'h0000000-0000-4000-8000-000000000001',
  paymentIntentId: 'pi_123',
  amount: 320000,
  currency: 'usd',
  status: 'succeeded' as const,
});

function setup(opts: { refund?: RefundEntity | null; payment?: PaymentEntity | null; stripe?: boolean } = {}) {
  const create = jest.fn(async (params: { paymentIntentId: string; amount: number }, _key: string) => ({
    id: 're_1',
    status: 'succeeded',
    amount: params.amount,
  }));
  const logger = { warn: jest.fn(), error: jest.fn(), info: jest.fn() } as unknown as Logger;
  const outbox = { add: jest.fn(async () => undefined) };
  const provider =
    opts.stripe === false
      ? null
      : ({ kind: 'stripe', publishableKey: null, createRefund: create } as unknown as PaymentProvider);
  const service = new PaymentService(
    {} as DataSource,
    new PaymentRepository({} as DataSource),
    outbox as unknown as Outbox,
    logger,
    provider,
  );
  const inserted: unknown[] = [];
  const m = {
    findOneBy: jest.fn(async (entity: unknown) =>
      entity === RefundEntity ? (opts.refund ?? null) : opts.payment === undefined ? payment : opts.payment,
    ),
    insert: jest.fn(async (_e: unknown, row: unknown) => void inserted.push(row)),
  } as unknown as EntityManager;
  return { service, create, outbox, inserted, m };
}

describe('refunding a cancelled booking', () => {
  it('refunds the amount asked at Stripe with the booking’s idempotency key, records it and publishes refund-issued', async () => {
    const { service, create, outbox, inserted, m } = setup();
    await service.refund(m, BOOKING, 160000);
    expect(create).toHaveBeenCalledTimes(1);
    expect(create.mock.calls[0]).toEqual([
      { paymentIntentId: 'pi_123', amount: 160000, metadata: { bookingId: BOOKING } },
      `refund:${BOOKING}`,
    ]);
    expect(inserted).toEqual([
      expect.objectContaining({
        bookingId: BOOKING,
        paymentId: payment.id,
        stripeRefundId: 're_1',
        amount: 160000,
        currency: 'usd',
        status: 'succeeded',
      }),
    ]);
    expect(outbox.add).toHaveBeenCalledWith(m, 'payments.refund-issued', payment.id, {
      bookingId: BOOKING,
      paymentId: payment.id,
      refundId: 're_1',
      amount: 160000,
      currency: 'usd',
      payerId: payment.hostId,
    });
  });

  it('never refunds more than was paid', async () => {
    const { service, create, m } = setup();
    await service.refund(m, BOOKING, 999999);
    expect(create.mock.calls[0]?.[0].amount).toBe(320000);
  });

  it('does nothing for a zero refund, a booking refunded before, an unpaid booking, or without Stripe', async () => {
    for (const [opts, cents] of [
      [{}, 0],
      [{ refund: new RefundEntity() }, 1000],
      [{ payment: null }, 1000],
      [{ payment: Object.assign(new PaymentEntity(), { ...payment, status: 'pending' }) }, 1000],
      [{ stripe: false }, 1000],
    ] as const) {
      const { service, create, outbox, inserted, m } = setup(opts);
      await service.refund(m, BOOKING, cents);
      expect([create.mock.calls.length, inserted.length, (outbox.add as jest.Mock).mock.calls.length]).toEqual([
        0, 0, 0,
      ]);
    }
  });
});
