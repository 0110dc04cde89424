import { MigrationInterface, QueryRunner } from 'typeorm';

/** Door passes of bookings' attendees and their check-in (docs/product.md#passes). */
export class CreatePasses1700000032000 implements MigrationInterface {
  name = 'CreatePasses1700000032000';
  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE passes (
      id uuid PRIMARY KEY,
      booking_id uuid NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
      attendee_kind text NOT NULL,
      attendee_id uuid NOT NULL,
      code text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      checked_in_at timestamptz,
      checked_in_by uuid,
      CONSTRAINT passes_kind_check CHECK (attendee_kind IN ('host', 'guest', 'friend')),
      CONSTRAINT passes_attendee UNIQUE (booking_id, attendee_kind, attendee_id)
    )`);
    await q.query(`CREATE UNIQUE INDEX passes_code ON passes (code)`);
    await q.query(`CREATE INDEX passes_attendee_id ON passes (attendee_id)`);
  }
  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE passes`);
  }
}
