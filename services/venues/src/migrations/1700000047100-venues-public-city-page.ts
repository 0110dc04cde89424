import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The pages of a city's public venues (docs/architecture.md#paged-lists): the city's
 * name part as the list matches it, then the list's order (newest first, the id breaking ties),
 * over approved, active venues only. A page is then one index range however many venues the city
 * has; before it, every read sorted the city's whole list.
 */
export class VenuesPublicCityPage1700000047100 implements MigrationInterface {
  name = 'VenuesPublicCityPage1700000047100';
  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX venues_public_city_created ON venues (lower(trim(split_part(city, ',', 1))), created_at DESC, id) WHERE approval_status = 'approved' AND is_active`,
    );
  }
  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX venues_public_city_created`);
  }
}
