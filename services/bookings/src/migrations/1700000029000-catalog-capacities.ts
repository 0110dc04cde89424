import { MigrationInterface, QueryRunner } from 'typeorm';

/** Capacities of sections and venues (booking-confirmed tells social, which bounds guest limits with it). */
export class CatalogCapacities1700000029000 implements MigrationInterface {
  name = 'CatalogCapacities1700000029000';
  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE section_cards ADD COLUMN capacity integer`);
    await q.query(`ALTER TABLE venue_cards ADD COLUMN capacity integer`);
  }
  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE section_cards DROP COLUMN capacity`);
    await q.query(`ALTER TABLE venue_cards DROP COLUMN capacity`);
  }
}
