import { describe, expect, it, jest } from '@jest/globals';
import type { DataSource, EntityManager } from 'typeorm';
import type { Outbox } from '@luxe/platform/events';
import type { Logger } from '@luxe/platform/runtime';
import { PaymentEntity } from './payment.entity';
import { PaymentRepository } from './payment.repository';
import { PaymentService } from './payment.service';
import type { PaymentProvider } from './provider';

// closeOpenIntent with a stand-in provider and EntityManager: the hold ended unpaid, its intent is
// cancelled at the provider and the row says so (the path through Kafka and localstripe is
// gateway/test/money-lifecycle.api.spec.ts and the lifecycle model).
const BOOKING = '8b7f1c2a-0000-4000-8000-000000000002';

function setup(cancel: () => Promise<unknown>, statusAfter: string) {
  const row = Object.assign(new PaymentEntity(), {
    id: 'p1',
    bookingId: BOOKING,
    hostId: 'h1',
    paymentIntentId: 'pi_open',
    amount: 50000,
    currency: 'usd',
    status: 'pending' as const,
  });
  const provider = {
    kind: 'stripe',
    publishableKey: null,
    cancelIntent: jest.fn(cancel),
    retrieveIntent: jest.fn(async () => ({ id: 'pi_open', status: statusAfter })),
  } as unknown as PaymentProvider;
  const logger = { warn: jest.fn(), error: jest.fn(), info: jest.fn() } as unknown as Logger;
  const service = new PaymentService(
    {} as DataSource,
    new PaymentRepository({} as DataSource),
    { add: jest.fn() } as unknown as Outbox,
    logger,
    provider,
  );
  const saved: PaymentEntity[] = [];
  const m = {
    findOne: jest.fn(async () => row),
    save: jest.fn(async (_e: unknown, p: PaymentEntity) => void saved.push({ ...p })),
  } as unknown as EntityManager;
  return { service, m, saved, provider, logger };
}

describe('closing the PaymentIntent of a hold that ended unpaid', () => {
  it('cancels it at the provider with its idempotency key and records the row as canceled', async () => {
    const { service, m, saved, provider } = setup(async () => ({ id: 'pi_open', status: 'canceled' }), 'canceled');
    await service.closeOpenIntent(m, BOOKING);
    expect((provider.cancelIntent as jest.Mock).mock.calls[0]).toEqual(['pi_open', 'cancel:pi_open']);
    expect(saved.map((p) => p.status)).toEqual(['canceled']);
  });

  it('records canceled when the provider refuses a repeated cancel of an intent it already cancelled (a retried transaction)', async () => {
    const { service, m, saved } = setup(async () => Promise.reject(new Error('Bad request')), 'canceled');
    await service.closeOpenIntent(m, BOOKING);
    expect(saved.map((p) => p.status)).toEqual(['canceled']);
  });

  it('leaves the row pending for its webhook when the refusal is a payment in flight or done', async () => {
    for (const status of ['processing', 'succeeded']) {
      const { service, m, saved, logger } = setup(async () => Promise.reject(new Error('Bad request')), status);
      await service.closeOpenIntent(m, BOOKING);
      expect(saved).toEqual([]);
      expect((logger.warn as jest.Mock).mock.calls[0]?.[0]).toMatchObject({ status });
    }
  });
});
