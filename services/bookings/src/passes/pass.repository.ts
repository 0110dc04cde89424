import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { PassEntity } from './pass.entity';
import { newPassCode, type PassSubject } from './pass-token';

/** Attempts at a fresh door code before giving up (a clash is ~1 in 10^10 per pass issued). */
const CODE_ATTEMPTS = 8;

/** Every query on door passes. */
@Injectable()
export class PassRepository {
  constructor(private readonly ds: DataSource) {}

  find(s: PassSubject): Promise<PassEntity | null> {
    return this.ds.manager.findOneBy(PassEntity, { bookingId: s.bookingId, kind: s.kind, attendeeId: s.attendeeId });
  }

  byCode(code: string): Promise<PassEntity | null> {
    return this.ds.manager.findOneBy(PassEntity, { code });
  }

  /**
   * The attendee's pass, made with a fresh door code the first time. Two first requests at once
   * make one pass (the attendee is unique: the loser reads the winner's); a code already taken by
   * another pass is drawn again.
   */
  async ensure(s: PassSubject, code: () => string = newPassCode): Promise<PassEntity> {
    const existing = await this.find(s);
    if (existing) return existing;
    for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
      const inserted = await this.ds.manager
        .createQueryBuilder()
        .insert()
        .into(PassEntity)
        .values({
          id: randomUUID(),
          bookingId: s.bookingId,
          kind: s.kind,
          attendeeId: s.attendeeId,
          code: code(),
          checkedInAt: null,
          checkedInBy: null,
        })
        .orIgnore()
        .returning('*')
        .execute();
      if ((inserted.raw as unknown[]).length === 1) return (await this.find(s))!;
      const made = await this.find(s);
      if (made) return made;
    }
    throw new Error('no free door code after several attempts');
  }

  /**
   * Checks the pass in if it was not yet: one conditional UPDATE, so of parallel scans exactly one
   * succeeds. Answers when it was checked in, and whether by this call.
   */
  async checkIn(passId: string, by: string): Promise<{ first: boolean; at: Date }> {
    // UPDATE … RETURNING answers [rows, count] through TypeORM's Postgres driver.
    const [rows] = (await this.ds.query(
      `UPDATE passes SET checked_in_at = now(), checked_in_by = $2 WHERE id = $1 AND checked_in_at IS NULL RETURNING checked_in_at`,
      [passId, by],
    )) as [{ checked_in_at: Date }[], number];
    if (rows.length === 1) return { first: true, at: new Date(rows[0]!.checked_in_at) };
    const now = await this.ds.manager.findOneByOrFail(PassEntity, { id: passId });
    return { first: false, at: new Date(now.checkedInAt!) };
  }

  /** A deleted member: his own passes (as host or guest); those of his bookings go with them. */
  async eraseUser(m: EntityManager, userId: string): Promise<void> {
    await m.query(`DELETE FROM passes WHERE attendee_id = $1 AND attendee_kind IN ('host', 'guest')`, [userId]);
  }
}
