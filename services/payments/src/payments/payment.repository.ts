import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { PaymentEntity, RefundEntity } from './payment.entity';

/** TypeORM's UPDATE … RETURNING answers [rows, count] on Postgres; a SELECT answers rows. */
export function rowsOf<T>(r: unknown): T[] {
  if (Array.isArray(r) && r.length === 2 && Array.isArray(r[0]) && typeof r[1] === 'number') return r[0] as T[];
  return r as T[];
}

/** Every query on the whole-card payments, their refunds and the provider's handled events. */
@Injectable()
export class PaymentRepository {
  constructor(private readonly ds: DataSource) {}

  findByBooking(bookingId: string, m: EntityManager = this.ds.manager): Promise<PaymentEntity | null> {
    return m.findOneBy(PaymentEntity, { bookingId });
  }

  /** The booking's payment locked for the rest of the transaction. */
  lockByBooking(m: EntityManager, bookingId: string): Promise<PaymentEntity | null> {
    return m.findOne(PaymentEntity, { where: { bookingId }, lock: { mode: 'pessimistic_write' } });
  }

  /** The payment of a PaymentIntent locked for the rest of the transaction (a webhook's). */
  lockByIntent(m: EntityManager, paymentIntentId: string): Promise<PaymentEntity | null> {
    return m.findOne(PaymentEntity, { where: { paymentIntentId }, lock: { mode: 'pessimistic_write' } });
  }

  async insert(m: EntityManager, p: PaymentEntity): Promise<void> {
    await m.insert(PaymentEntity, p);
  }

  async save(m: EntityManager, p: PaymentEntity): Promise<void> {
    await m.save(PaymentEntity, p);
  }

  /** Records a provider event as handled: false when it was handled before (each event has one effect). */
  async recordEvent(m: EntityManager, eventId: string, type: string): Promise<boolean> {
    const fresh: unknown[] = await m.query(
      `INSERT INTO stripe_events (event_id, type) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING event_id`,
      [eventId, type],
    );
    return fresh.length > 0;
  }

  findRefund(m: EntityManager, bookingId: string): Promise<RefundEntity | null> {
    return m.findOneBy(RefundEntity, { bookingId });
  }

  async insertRefund(m: EntityManager, r: RefundEntity): Promise<void> {
    await m.insert(RefundEntity, r);
  }

  // The booking's whole-card payment as a split replaces it (split.service.ts: retireWholePayment).

  /** Its status and PaymentIntent, read outside any transaction (null when the booking has none). */
  async cardOfBooking(bookingId: string): Promise<{ status: string; payment_intent_id: string } | null> {
    const [card] = (await this.ds.query(`SELECT status, payment_intent_id FROM payments WHERE booking_id = $1`, [
      bookingId,
    ])) as { status: string; payment_intent_id: string }[];
    return card ?? null;
  }

  /** Marks a pending payment replaced; false when it was no longer pending. */
  async claimForReplacement(bookingId: string): Promise<boolean> {
    const [claimed] = rowsOf<{ payment_intent_id: string }>(
      await this.ds.query(
        `UPDATE payments SET status = 'replaced' WHERE booking_id = $1 AND status = 'pending' RETURNING payment_intent_id`,
        [bookingId],
      ),
    );
    return claimed !== undefined;
  }

  /** Undoes claimForReplacement (the provider refused to cancel its intent). */
  async unclaimReplacement(bookingId: string): Promise<void> {
    await this.ds.query(`UPDATE payments SET status = 'pending' WHERE booking_id = $1 AND status = 'replaced'`, [
      bookingId,
    ]);
  }

  /** In the split's transaction: a payment still pending is replaced by the shares. */
  async replacePending(m: EntityManager, bookingId: string): Promise<void> {
    await m.query(`UPDATE payments SET status = 'replaced' WHERE booking_id = $1 AND status = 'pending'`, [bookingId]);
  }
}
