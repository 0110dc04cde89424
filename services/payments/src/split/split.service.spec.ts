import 'reflect-metadata';
import { describe, expect, it, jest } from '@jest/globals';
import type Stripe from 'stripe';
import type { DataSource, EntityManager } from 'typeorm';
import { SPLIT_ERRORS, type Hold } from '@luxe/contracts';
import type { Outbox } from '@luxe/platform/events';
import type { Actor } from '@luxe/platform/http';
import type { Logger } from '@luxe/platform/runtime';
import type { PaymentRepository } from '../payments/payment.repository';
import type { PaymentSettings } from '../payments/payment.settings';
import type { PaymentProvider } from '../payments/provider';
import type { ShareRow, SplitRepository, SplitRow } from './split.repository';
import { SplitService } from './split.service';

// SplitService's rules over fake repositories and a stand-in card provider (the real path, with
// PostgreSQL, Kafka and the provider, is gateway/test/split.api.spec.ts).
const BOOKING = '11111111-1111-4111-8111-111111111111';
const HOST = '22222222-2222-4222-8222-222222222222';
const GUEST = '33333333-3333-4333-8333-333333333333';
const m = {} as EntityManager;

function splitRow(over: Partial<SplitRow> = {}): SplitRow {
  return {
    id: 'split-1',
    booking_id: BOOKING,
    host_id: HOST,
    venue_name: 'Velvet',
    booking_date: '2099-06-05',
    start_time: '22:00',
    fallback: 'host-card',
    status: 'open',
    deadline: new Date('2099-06-05T18:00:00Z'),
    total: 10000,
    currency: 'usd',
    stripe_customer_id: 'cus_1',
    host_payment_method_id: 'pm_1',
    fallback_intent_id: null,
    fallback_status: null,
    fallback_amount: null,
    fallback_refund_id: null,
    ...over,
  };
}

function shareRow(id: string, over: Partial<ShareRow> = {}): ShareRow {
  return {
    id,
    split_id: 'split-1',
    position: 1,
    is_host: false,
    token: `t-${id}`,
    amount: 3333,
    status: 'pending',
    payer_id: null,
    payer_first_name: null,
    payment_intent_id: null,
    client_secret: null,
    ...over,
  };
}

/** The service over fake repositories (each method a jest.fn, overridable), provider, outbox and logger. */
function setup(
  opts: {
    splits?: Partial<Record<keyof SplitRepository, jest.Mock>>;
    payments?: Partial<Record<keyof PaymentRepository, jest.Mock>>;
    provider?: Partial<Record<keyof PaymentProvider, jest.Mock>>;
  } = {},
) {
  let refunds = 0;
  const splits = {
    splitOfBooking: jest.fn(async () => null),
    lockSplit: jest.fn(async () => splitRow()),
    shareByIntent: jest.fn(async () => null),
    splitIdOfFallbackIntent: jest.fn(async () => null),
    markPaid: jest.fn(async () => true),
    saveHostCard: jest.fn(async () => undefined),
    countPending: jest.fn(async () => 0),
    complete: jest.fn(async () => true),
    markRefunded: jest.fn(async () => true),
    paidUnrefundedShares: jest.fn(async () => []),
    recordShareRefund: jest.fn(async () => undefined),
    recordFallbackRefund: jest.fn(async () => undefined),
    shareByToken: jest.fn(async () => null),
    splitById: jest.fn(async () => null),
    claimShare: jest.fn(async () => null),
    insertSplit: jest.fn(async () => true),
    insertShare: jest.fn(async () => undefined),
    sharesOf: jest.fn(async () => []),
    ...opts.splits,
  };
  const payments = {
    cardOfBooking: jest.fn(async () => null),
    claimForReplacement: jest.fn(async () => true),
    unclaimReplacement: jest.fn(async () => undefined),
    replacePending: jest.fn(async () => undefined),
    ...opts.payments,
  };
  const provider = {
    kind: 'stripe',
    publishableKey: null,
    createRefund: jest.fn(async () => ({ id: `re_${++refunds}`, status: 'succeeded' })),
    retrieveIntent: jest.fn(async () => ({ id: 'pi_card', status: 'requires_payment_method' })),
    cancelIntent: jest.fn(async () => ({ id: 'pi_card', status: 'canceled' })),
    createCustomer: jest.fn(async () => ({ id: 'cus_1' })),
    createIntent: jest.fn(async () => ({
      id: 'pi_new',
      client_secret: 'pi_new_secret',
      status: 'requires_payment_method',
    })),
    ...opts.provider,
  };
  const published: { type: string; key: string; data: Record<string, unknown> }[] = [];
  const outbox = {
    add: jest.fn(
      async (_m: EntityManager, type: string, key: string, data: Record<string, unknown>) =>
        void published.push({ type, key, data }),
    ),
  } as unknown as Outbox;
  const logger = { warn: jest.fn(), error: jest.fn(), info: jest.fn() } as unknown as Logger;
  // booking-fence.repository.ts asks the database whether the booking ended: it has not.
  const manager = { query: jest.fn(async () => []) };
  const ds = {
    manager,
    transaction: jest.fn(async (fn: (tx: unknown) => unknown) => fn(manager)),
  } as unknown as DataSource;
  const service = new SplitService(
    ds,
    splits as unknown as SplitRepository,
    payments as unknown as PaymentRepository,
    outbox,
    {} as PaymentSettings,
    logger,
    provider as unknown as PaymentProvider,
  );
  return { service, splits, payments, provider, published };
}

const intent = (id: string) => ({ id, payment_method: 'pm_9', customer: 'cus_9' }) as unknown as Stripe.PaymentIntent;

describe('SplitService.refundCompleted (a confirmed split booking cancelled with a refund)', () => {
  // The host paid his share (the remainder on it), one guest his; the other guest's share was
  // covered by the host's card at the deadline (the fallback charge).
  const paid = [
    shareRow('host', {
      position: 0,
      is_host: true,
      amount: 3334,
      status: 'paid',
      payer_id: HOST,
      payment_intent_id: 'pi_h',
    }),
    shareRow('g1', { amount: 3333, status: 'paid', payer_id: GUEST, payment_intent_id: 'pi_g1' }),
  ];
  const completed = splitRow({
    status: 'completed',
    fallback_intent_id: 'pi_fb',
    fallback_status: 'succeeded',
    fallback_amount: 3333,
  });

  it('shares the refund among what each paid, in proportion, the cent left over on the first share, each once with its own key', async () => {
    const { service, splits, provider, published } = setup({
      splits: { splitOfBooking: jest.fn(async () => completed), paidUnrefundedShares: jest.fn(async () => paid) },
    });
    expect(await service.refundCompleted(m, BOOKING, 5000)).toBe(true);
    expect(
      (provider.createRefund as jest.Mock).mock.calls.map(([p, key]) => [
        (p as { paymentIntentId: string }).paymentIntentId,
        (p as { amount: number }).amount,
        key,
      ]),
    ).toEqual([
      ['pi_h', 1668, 'split-refund:host'],
      ['pi_g1', 1666, 'split-refund:g1'],
      ['pi_fb', 1666, 'split-refund-fallback:split-1'],
    ]);
    expect(splits.recordShareRefund.mock.calls).toEqual([
      [m, 'host', 're_1', 1668],
      [m, 'g1', 're_2', 1666],
    ]);
    expect(splits.recordFallbackRefund.mock.calls).toEqual([[m, 'split-1', 're_3', 1666]]);
    expect(published.map((p) => [p.type, p.data.amount, p.data.payerId])).toEqual([
      ['payments.refund-issued', 1668, HOST],
      ['payments.refund-issued', 1666, GUEST],
      ['payments.refund-issued', 1666, HOST],
    ]);
  });

  it('never refunds more than each paid', async () => {
    for (const cents of [20_000, 999_999]) {
      const { service, provider } = setup({
        splits: { splitOfBooking: jest.fn(async () => completed), paidUnrefundedShares: jest.fn(async () => paid) },
      });
      await service.refundCompleted(m, BOOKING, cents);
      expect((provider.createRefund as jest.Mock).mock.calls.map(([p]) => (p as { amount: number }).amount)).toEqual([
        3334, 3333, 3333,
      ]);
    }
  });

  it('leaves a booking without a completed split to the card payment (false), and refunds nothing for a refund of 0', async () => {
    for (const split of [null, splitRow({ status: 'open' }), splitRow({ status: 'released' })]) {
      const { service, provider } = setup({ splits: { splitOfBooking: jest.fn(async () => split) } });
      expect(await service.refundCompleted(m, BOOKING, 5000)).toBe(false);
      expect(provider.createRefund).not.toHaveBeenCalled();
    }
    const zero = setup({
      splits: { splitOfBooking: jest.fn(async () => completed), paidUnrefundedShares: jest.fn(async () => paid) },
    });
    expect(await zero.service.refundCompleted(m, BOOKING, 0)).toBe(true);
    expect(zero.provider.createRefund).not.toHaveBeenCalled();
  });
});

describe('SplitService.onIntent (a PaymentIntent outcome from the webhook)', () => {
  const guestShare = shareRow('g1', { payment_intent_id: 'pi_g1', payer_id: GUEST });

  it('confirms the booking once, with the total, when the last share is paid', async () => {
    const { service, splits, published } = setup({ splits: { shareByIntent: jest.fn(async () => guestShare) } });
    expect(await service.onIntent(m, intent('pi_g1'), 'succeeded')).toBe(true);
    expect(splits.markPaid).toHaveBeenCalledWith(m, 'g1');
    expect(published).toEqual([
      {
        type: 'payments.payment-succeeded',
        key: 'split-1',
        data: { paymentId: 'split-1', bookingId: BOOKING, amount: 10000, currency: 'usd' },
      },
    ]);
  });

  it('does not confirm while a share is unpaid, nor on a replayed webhook, nor on a decline', async () => {
    const unpaid = setup({
      splits: { shareByIntent: jest.fn(async () => guestShare), countPending: jest.fn(async () => 1) },
    });
    await unpaid.service.onIntent(m, intent('pi_g1'), 'succeeded');
    expect([unpaid.splits.complete.mock.calls.length, unpaid.published.length]).toEqual([0, 0]);
    const replay = setup({
      splits: { shareByIntent: jest.fn(async () => guestShare), markPaid: jest.fn(async () => false) },
    });
    expect(await replay.service.onIntent(m, intent('pi_g1'), 'succeeded')).toBe(true);
    expect([replay.splits.countPending.mock.calls.length, replay.published.length]).toEqual([0, 0]);
    const declined = setup({ splits: { shareByIntent: jest.fn(async () => guestShare) } });
    expect(await declined.service.onIntent(m, intent('pi_g1'), 'declined')).toBe(true);
    expect(declined.splits.markPaid).not.toHaveBeenCalled();
  });

  it('refunds in full a share paid after the booking was released', async () => {
    const { service, splits, provider, published } = setup({
      splits: {
        shareByIntent: jest.fn(async () => guestShare),
        lockSplit: jest.fn(async () => splitRow({ status: 'released' })),
      },
    });
    await service.onIntent(m, intent('pi_g1'), 'succeeded');
    expect((provider.createRefund as jest.Mock).mock.calls[0]).toEqual([
      { paymentIntentId: 'pi_g1', amount: 3333, metadata: { bookingId: BOOKING, splitId: 'split-1', shareId: 'g1' } },
      'split-refund:g1',
    ]);
    expect(splits.markRefunded).toHaveBeenCalledWith(m, 'g1', 're_1');
    expect(splits.complete).not.toHaveBeenCalled();
    expect(published.map((p) => [p.type, p.data.amount, p.data.payerId])).toEqual([
      ['payments.refund-issued', 3333, GUEST],
    ]);
  });

  it('keeps the host’s card for the fallback when his own share is paid', async () => {
    const { service, splits } = setup({
      splits: {
        shareByIntent: jest.fn(async () => shareRow('host', { is_host: true, position: 0, payment_intent_id: 'pi_h' })),
        countPending: jest.fn(async () => 1),
      },
    });
    await service.onIntent(m, intent('pi_h'), 'succeeded');
    expect(splits.saveHostCard).toHaveBeenCalledWith(m, 'split-1', 'pm_9', 'cus_9');
  });

  it('answers false for a PaymentIntent that is none of the splits’ (the card payment handles it)', async () => {
    const { service } = setup();
    expect(await service.onIntent(m, intent('pi_other'), 'succeeded')).toBe(false);
  });
});

describe('SplitService.create (the booking’s whole-card payment before it)', () => {
  const member: Actor = { role: 'member', userId: HOST };
  const now = new Date('2099-06-01T12:00:00Z');
  const hold = {
    id: BOOKING,
    hostId: HOST,
    status: 'held',
    holdExpiresAt: '2099-06-01T12:15:00.000Z',
    amountPaid: '0.00',
    bookingDate: '2099-06-05',
    startTime: '22:00',
    duration: 4,
    depositAmount: '300.01',
    venueName: 'Velvet',
    venueId: 'v1',
  } as unknown as Hold;

  it('refuses a split while the card payment is in flight or paid, without touching it or starting shares', async () => {
    for (const [card, status] of [
      [{ status: 'pending', payment_intent_id: 'pi_card' }, 'processing'],
      [{ status: 'pending', payment_intent_id: 'pi_card' }, 'succeeded'],
      [{ status: 'succeeded', payment_intent_id: 'pi_card' }, 'succeeded'],
    ] as const) {
      const { service, payments, provider } = setup({
        payments: { cardOfBooking: jest.fn(async () => card) },
        provider: { retrieveIntent: jest.fn(async () => ({ id: 'pi_card', status })) },
      });
      await expect(service.create(member, BOOKING, hold, 2, 'host-card', now)).rejects.toMatchObject({
        code: SPLIT_ERRORS.NOT_SPLITTABLE.code,
      });
      expect([
        payments.claimForReplacement.mock.calls.length,
        (provider.cancelIntent as jest.Mock).mock.calls.length,
        (provider.createCustomer as jest.Mock).mock.calls.length,
      ]).toEqual([0, 0, 0]);
    }
  });

  it('replaces a pending card payment not yet in flight: claimed, cancelled at the provider, then the shares made and it marked replaced', async () => {
    const splitOfBooking = jest
      .fn(async (): Promise<SplitRow | null> => null)
      .mockResolvedValueOnce(null)
      .mockResolvedValueOnce(splitRow());
    const { service, splits, payments, provider, published } = setup({
      splits: { splitOfBooking },
      payments: { cardOfBooking: jest.fn(async () => ({ status: 'pending', payment_intent_id: 'pi_card' })) },
    });
    await service.create(member, BOOKING, hold, 3, 'host-card', now);
    expect(payments.claimForReplacement).toHaveBeenCalledWith(BOOKING);
    expect((provider.cancelIntent as jest.Mock).mock.calls).toEqual([['pi_card', 'cancel:pi_card']]);
    expect(payments.unclaimReplacement).not.toHaveBeenCalled();
    // $300.01 in three: the remainder on the host's share, which is his PaymentIntent's.
    expect(
      splits.insertShare.mock.calls.map(([, s]) => [
        (s as { amount: number }).amount,
        (s as { isHost: boolean }).isHost,
        (s as { paymentIntentId: string | null }).paymentIntentId,
      ]),
    ).toEqual([
      [10001, true, 'pi_new'],
      [10000, false, null],
      [10000, false, null],
    ]);
    expect((provider.createIntent as jest.Mock).mock.calls[0]?.[0]).toMatchObject({
      amount: 10001,
      customer: 'cus_1',
      setupFutureUsage: 'off_session',
    });
    expect(payments.replacePending).toHaveBeenCalledTimes(1);
    expect(published.map((p) => p.type)).toEqual(['payments.split-created']);
  });

  it('gives the card payment back when its intent cannot be cancelled (the payer completed it meanwhile), and refuses the split', async () => {
    const { service, payments, provider } = setup({
      payments: { cardOfBooking: jest.fn(async () => ({ status: 'pending', payment_intent_id: 'pi_card' })) },
      provider: { cancelIntent: jest.fn(async () => Promise.reject(new Error('already succeeded'))) },
    });
    await expect(service.create(member, BOOKING, hold, 2, 'host-card', now)).rejects.toMatchObject({
      code: SPLIT_ERRORS.NOT_SPLITTABLE.code,
    });
    expect(payments.claimForReplacement).toHaveBeenCalledWith(BOOKING);
    expect(payments.unclaimReplacement).toHaveBeenCalledWith(BOOKING);
    expect(provider.createCustomer).not.toHaveBeenCalled();
  });
});

describe('SplitService.shareIntent (a guest pays his share by its link)', () => {
  it('refuses a share of a split that is no longer open, or past its deadline, before any PaymentIntent is made', async () => {
    const guest: Actor = { role: 'member', userId: GUEST };
    for (const split of [
      splitRow({ status: 'released' }),
      splitRow({ status: 'completed' }),
      splitRow({ deadline: new Date('2000-01-01T00:00:00Z') }),
    ]) {
      const { service, provider } = setup({
        splits: { shareByToken: jest.fn(async () => shareRow('g1')), splitById: jest.fn(async () => split) },
      });
      await expect(service.shareIntent(guest, 't-g1', 'Ann')).rejects.toMatchObject({
        code: SPLIT_ERRORS.SHARE_CLOSED.code,
      });
      expect(provider.createIntent).not.toHaveBeenCalled();
    }
  });
});
