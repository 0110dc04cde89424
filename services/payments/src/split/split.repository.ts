import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { SplitFallback, SplitShareStatus, SplitStatus } from '@luxe/contracts';
import { rowsOf } from '../payments/payment.repository';

/** A row of split_payments (migration 1700000035000). */
export interface SplitRow {
  id: string;
  booking_id: string;
  host_id: string;
  venue_name: string;
  booking_date: string;
  start_time: string;
  fallback: SplitFallback;
  status: SplitStatus;
  deadline: Date;
  total: number;
  currency: string;
  stripe_customer_id: string | null;
  host_payment_method_id: string | null;
  fallback_intent_id: string | null;
  fallback_status: string | null;
  fallback_amount: number | null;
  fallback_refund_id: string | null;
}

/** A row of split_shares. */
export interface ShareRow {
  id: string;
  split_id: string;
  position: number;
  is_host: boolean;
  token: string | null;
  amount: number;
  status: SplitShareStatus;
  payer_id: string | null;
  payer_first_name: string | null;
  payment_intent_id: string | null;
  client_secret: string | null;
}

/** A new split's row (its status 'open', its currency 'usd'). */
export interface NewSplit {
  id: string;
  bookingId: string;
  hostId: string;
  venueName: string;
  bookingDate: string;
  startTime: string;
  fallback: SplitFallback;
  deadline: Date;
  total: number;
  stripeCustomerId: string;
}

/** A new share's row (pending). */
export interface NewShare {
  id: string;
  splitId: string;
  position: number;
  isHost: boolean;
  token: string | null;
  amount: number;
  payerId: string | null;
  paymentIntentId: string | null;
  clientSecret: string | null;
}

/**
 * Every query on split payments and their shares. The methods taking an EntityManager run in the
 * caller's transaction; the others on their own connection.
 */
@Injectable()
export class SplitRepository {
  constructor(private readonly ds: DataSource) {}

  // ---- splits

  /** The booking's split (`lock`: for update, in a transaction), or null. */
  async splitOfBooking(m: EntityManager, bookingId: string, lock = false): Promise<SplitRow | null> {
    const [row] = (await m.query(`SELECT * FROM split_payments WHERE booking_id = $1${lock ? ' FOR UPDATE' : ''}`, [
      bookingId,
    ])) as SplitRow[];
    return row ?? null;
  }

  /** The split, locked for update when `m` is in a transaction. */
  async lockSplit(m: EntityManager, id: string): Promise<SplitRow | null> {
    const [row] = (await m.query(
      `SELECT * FROM split_payments WHERE id = $1${m.queryRunner?.isTransactionActive ? ' FOR UPDATE' : ''}`,
      [id],
    )) as SplitRow[];
    return row ?? null;
  }

  async splitById(m: EntityManager, id: string): Promise<SplitRow | null> {
    const [split] = (await m.query(`SELECT * FROM split_payments WHERE id = $1`, [id])) as SplitRow[];
    return split ?? null;
  }

  /** Inserts the split unless the booking has one already (a parallel request): whether it was inserted. */
  async insertSplit(m: EntityManager, s: NewSplit): Promise<boolean> {
    const inserted: unknown[] = await m.query(
      `INSERT INTO split_payments (id, booking_id, host_id, venue_name, booking_date, start_time, fallback, deadline, total, currency, stripe_customer_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'usd', $10) ON CONFLICT (booking_id) DO NOTHING RETURNING id`,
      [
        s.id,
        s.bookingId,
        s.hostId,
        s.venueName,
        s.bookingDate,
        s.startTime,
        s.fallback,
        s.deadline,
        s.total,
        s.stripeCustomerId,
      ],
    );
    return inserted.length > 0;
  }

  /** The id of the split whose host-card fallback charge is this PaymentIntent, or null. */
  async splitIdOfFallbackIntent(m: EntityManager, intentId: string): Promise<string | null> {
    const [byFallback] = (await m.query(`SELECT id FROM split_payments WHERE fallback_intent_id = $1`, [intentId])) as {
      id: string;
    }[];
    return byFallback?.id ?? null;
  }

  /** Open splits past their deadline and not yet charged to the host (50 at a time, the oldest first). */
  async dueIds(now: Date): Promise<string[]> {
    const due = (await this.ds.query(
      `SELECT id FROM split_payments WHERE status = 'open' AND deadline <= $1 AND fallback_status IS NULL ORDER BY deadline LIMIT 50`,
      [now],
    )) as { id: string }[];
    return due.map((d) => d.id);
  }

  /** Keeps the host's card (and its customer) for the fallback charge. */
  async saveHostCard(
    m: EntityManager,
    splitId: string,
    paymentMethodId: string | null,
    customerId: string | null,
  ): Promise<void> {
    await m.query(
      `UPDATE split_payments SET host_payment_method_id = COALESCE($2, host_payment_method_id), stripe_customer_id = COALESCE($3, stripe_customer_id) WHERE id = $1`,
      [splitId, paymentMethodId, customerId],
    );
  }

  async startFallback(m: EntityManager, splitId: string, intentId: string, amount: number): Promise<void> {
    await m.query(
      `UPDATE split_payments SET fallback_intent_id = $2, fallback_status = 'pending', fallback_amount = $3 WHERE id = $1`,
      [splitId, intentId, amount],
    );
  }

  async fallbackSucceeded(m: EntityManager, splitId: string): Promise<void> {
    await m.query(`UPDATE split_payments SET fallback_status = 'succeeded' WHERE id = $1`, [splitId]);
  }

  async fallbackFailed(m: EntityManager, splitId: string): Promise<void> {
    await m.query(`UPDATE split_payments SET fallback_status = 'failed' WHERE id = $1`, [splitId]);
  }

  async recordFallbackRefund(m: EntityManager, splitId: string, refundId: string, amount: number): Promise<void> {
    await m.query(`UPDATE split_payments SET fallback_refund_id = $2, fallback_refund_amount = $3 WHERE id = $1`, [
      splitId,
      refundId,
      amount,
    ]);
  }

  /** Completes an open split: false when it was not open (completed before). */
  async complete(m: EntityManager, splitId: string): Promise<boolean> {
    const done = rowsOf<{ id: string }>(
      await m.query(`UPDATE split_payments SET status = 'completed' WHERE id = $1 AND status = 'open' RETURNING id`, [
        splitId,
      ]),
    );
    return done.length > 0;
  }

  /** Releases the split; a fallback never started is closed ('none'). */
  async release(m: EntityManager, splitId: string): Promise<void> {
    await m.query(
      `UPDATE split_payments SET status = 'released', fallback_status = COALESCE(fallback_status, 'none') WHERE id = $1`,
      [splitId],
    );
  }

  // ---- shares

  async insertShare(m: EntityManager, s: NewShare): Promise<void> {
    await m.query(
      `INSERT INTO split_shares (id, split_id, position, is_host, token, amount, payer_id, payment_intent_id, client_secret) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [s.id, s.splitId, s.position, s.isHost, s.token, s.amount, s.payerId, s.paymentIntentId, s.clientSecret],
    );
  }

  /** The split's shares, in order (the host's first). */
  sharesOf(m: EntityManager, splitId: string): Promise<ShareRow[]> {
    return m.query(`SELECT * FROM split_shares WHERE split_id = $1 ORDER BY position`, [splitId]) as Promise<
      ShareRow[]
    >;
  }

  /** Whether the member pays a share of the split. */
  async paysShareOf(splitId: string, payerId: string): Promise<boolean> {
    const [mine] = (await this.ds.query(`SELECT 1 FROM split_shares WHERE split_id = $1 AND payer_id = $2`, [
      splitId,
      payerId,
    ])) as unknown[];
    return mine !== undefined;
  }

  /** The host's share of his booking's split, or null. */
  async hostShare(
    bookingId: string,
    hostId: string,
  ): Promise<{ client_secret: string; payment_intent_id: string } | null> {
    const [row] = (await this.ds.query(
      `SELECT s.client_secret, s.payment_intent_id FROM split_shares s JOIN split_payments p ON p.id = s.split_id WHERE p.booking_id = $1 AND p.host_id = $2 AND s.is_host`,
      [bookingId, hostId],
    )) as { client_secret: string; payment_intent_id: string }[];
    return row ?? null;
  }

  /** A guest's share by its link's token (never the host's), or null. */
  async shareByToken(m: EntityManager, token: string): Promise<ShareRow | null> {
    const [share] = (await m.query(`SELECT * FROM split_shares WHERE token = $1 AND NOT is_host`, [
      token,
    ])) as ShareRow[];
    return share ?? null;
  }

  async shareByIntent(m: EntityManager, intentId: string): Promise<ShareRow | null> {
    const [share] = (await m.query(`SELECT * FROM split_shares WHERE payment_intent_id = $1`, [
      intentId,
    ])) as ShareRow[];
    return share ?? null;
  }

  /**
   * Gives the share its PaymentIntent and payer, once, and only while the split is open (under a
   * share lock of the split's row, which its release takes for update): the share, or null when
   * it had one already or the split is no longer open.
   */
  async claimShare(
    share: { id: string; splitId: string },
    intent: { id: string; clientSecret: string },
    payer: { id: string; firstName: string },
  ): Promise<Pick<ShareRow, 'client_secret' | 'payment_intent_id' | 'amount'> | null> {
    const rows = rowsOf<ShareRow>(
      await this.ds.query(
        `UPDATE split_shares SET payment_intent_id = $2, client_secret = $3, payer_id = $4, payer_first_name = $5
        WHERE id = $1 AND payment_intent_id IS NULL AND EXISTS (SELECT 1 FROM split_payments p WHERE p.id = $6 AND p.status = 'open' FOR SHARE)
        RETURNING client_secret, payment_intent_id, amount`,
        [share.id, intent.id, intent.clientSecret, payer.id, payer.firstName, share.splitId],
      ),
    );
    return rows[0] ?? null;
  }

  /** Marks a pending share paid: false when it was paid before (a replayed webhook). */
  async markPaid(m: EntityManager, shareId: string): Promise<boolean> {
    const paid = rowsOf<ShareRow>(
      await m.query(
        `UPDATE split_shares SET status = 'paid', paid_at = now() WHERE id = $1 AND status = 'pending' RETURNING *`,
        [shareId],
      ),
    );
    return paid.length > 0;
  }

  /** How many of the split's shares are still unpaid. */
  async countPending(m: EntityManager, splitId: string): Promise<number> {
    return (
      rowsOf<{ n: number }>(
        await m.query(`SELECT count(*)::int AS n FROM split_shares WHERE split_id = $1 AND status = 'pending'`, [
          splitId,
        ]),
      )[0]?.n ?? 0
    );
  }

  /** The cents of the split's unpaid shares. */
  async pendingAmount(splitId: string): Promise<number> {
    return (
      rowsOf<{ sum: number | null }>(
        await this.ds.query(
          `SELECT sum(amount)::int AS sum FROM split_shares WHERE split_id = $1 AND status = 'pending'`,
          [splitId],
        ),
      )[0]?.sum ?? 0
    );
  }

  /** The split's unpaid shares become covered by the host's card. */
  async coverPending(m: EntityManager, splitId: string): Promise<void> {
    await m.query(`UPDATE split_shares SET status = 'covered-by-host' WHERE split_id = $1 AND status = 'pending'`, [
      splitId,
    ]);
  }

  /** The paid shares, in order. */
  paidShares(m: EntityManager, splitId: string): Promise<ShareRow[]> {
    return m.query(`SELECT * FROM split_shares WHERE split_id = $1 AND status = 'paid' ORDER BY position`, [
      splitId,
    ]) as Promise<ShareRow[]>;
  }

  /** The paid shares not refunded yet, in order. */
  paidUnrefundedShares(m: EntityManager, splitId: string): Promise<ShareRow[]> {
    return m.query(
      `SELECT * FROM split_shares WHERE split_id = $1 AND status = 'paid' AND refund_id IS NULL ORDER BY position`,
      [splitId],
    ) as Promise<ShareRow[]>;
  }

  /** The PaymentIntents of the unpaid shares that have one. */
  async openShareIntents(m: EntityManager, splitId: string): Promise<string[]> {
    const open = (await m.query(
      `SELECT payment_intent_id FROM split_shares WHERE split_id = $1 AND status = 'pending' AND payment_intent_id IS NOT NULL`,
      [splitId],
    )) as { payment_intent_id: string }[];
    return open.map((o) => o.payment_intent_id);
  }

  /** A paid share refunded in full: false when it was not paid (refunded before). */
  async markRefunded(m: EntityManager, shareId: string, refundId: string): Promise<boolean> {
    const done = rowsOf<{ id: string }>(
      await m.query(
        `UPDATE split_shares SET status = 'refunded', refund_id = $2, refund_amount = amount WHERE id = $1 AND status = 'paid' RETURNING id`,
        [shareId, refundId],
      ),
    );
    return done.length > 0;
  }

  /** A part of a paid share refunded (the whole of it makes the share 'refunded'). */
  async recordShareRefund(m: EntityManager, shareId: string, refundId: string, amount: number): Promise<void> {
    await m.query(
      `UPDATE split_shares SET refund_id = $2, refund_amount = $3, status = CASE WHEN $3 >= amount THEN 'refunded' ELSE status END WHERE id = $1`,
      [shareId, refundId, amount],
    );
  }

  /** A deleted member's name leaves the shares he paid. */
  async erasePayer(m: EntityManager, userId: string): Promise<void> {
    await m.query(`UPDATE split_shares SET payer_id = NULL, payer_first_name = NULL WHERE payer_id = $1`, [userId]);
  }
}
