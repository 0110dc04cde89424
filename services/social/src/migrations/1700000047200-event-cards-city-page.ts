import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The pages of a city's events to discover (docs/architecture.md#paged-lists): the
 * place as discovery matches it (the city's name part and the state, case-insensitive), then the
 * list's order (soonest first, the booking id breaking ties). event_cards_place_starts holds the
 * raw columns, which that match cannot use.
 */
export class EventCardsCityPage1700000047200 implements MigrationInterface {
  name = 'EventCardsCityPage1700000047200';
  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX event_cards_city_starts ON event_cards (lower(trim(split_part(venue_city, ',', 1))), lower(venue_state), starts_at, booking_id)`,
    );
  }
  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX event_cards_city_starts`);
  }
}
