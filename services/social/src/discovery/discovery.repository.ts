import { Injectable } from '@nestjs/common';
import { DataSource, type ObjectLiteral, type SelectQueryBuilder } from 'typeorm';
import { pageOf, type Page, type PageRequest } from '@luxe/contracts';
import { pageAtSql } from '@luxe/platform/db';
import { EventCard } from '../catalog/catalog.entity';

/**
 * SQL condition: the event's guest visibility ('men', 'women', 'both', or several joined by
 * commas) admits a viewer of this gender. A member without a gender sees events open to both.
 */
function visibilityClause(gender: string | null): string {
  const parts = `string_to_array(replace(e.guest_visibility, ' ', ''), ',')`;
  const both = `('both' = ANY(${parts}) OR (${parts} @> ARRAY['men', 'women']))`;
  if (gender === 'male') return `(${both} OR 'men' = ANY(${parts}))`;
  if (gender === 'female') return `(${both} OR 'women' = ANY(${parts}))`;
  return both;
}

/**
 * Who may see an event, the one rule of discovery and of asking to join: its guest visibility
 * admits the viewer's gender, and neither the viewer nor its host blocked the other. `e` is the
 * query's `event_cards` alias.
 */
function whereVisibleTo<T extends ObjectLiteral>(
  q: SelectQueryBuilder<T>,
  viewerId: string,
  gender: string | null,
): SelectQueryBuilder<T> {
  return q
    .andWhere(visibilityClause(gender))
    .andWhere(
      'NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = :viewer AND b.blocked_id = e.host_id) OR (b.blocker_id = e.host_id AND b.blocked_id = :viewer))',
      { viewer: viewerId },
    );
}

/** Every query of discovery on the events' read model. */
@Injectable()
export class DiscoveryRepository {
  constructor(private readonly ds: DataSource) {}

  /**
   * A page of other hosts' upcoming events in the city that the viewer may see and has not asked
   * to join, soonest first (the booking id breaking ties), after the key of the previous page's
   * last event. The index event_cards_city_starts (migration 1700000047200) serves it: the city's
   * entries from that key on, in order, until `limit + 1` pass the viewer's filters.
   */
  async available(
    viewerId: string,
    gender: string | null,
    place: { city: string; state: string },
    page: PageRequest,
  ): Promise<Page<EventCard>> {
    const q = this.ds.manager
      .getRepository(EventCard)
      .createQueryBuilder('e')
      .addSelect(pageAtSql('e.starts_at'), 'page_at')
      // Cities are stored as the location step sets them ('Miami, FL'): their name part counts.
      .where(`lower(trim(split_part(e.venue_city, ',', 1))) = lower(trim(split_part(:city, ',', 1)))`, {
        city: place.city,
      })
      .andWhere('lower(e.venue_state) = lower(:state)', { state: place.state })
      .andWhere('e.starts_at > now()')
      .andWhere('e.host_id <> :me', { me: viewerId })
      .andWhere(
        'NOT EXISTS (SELECT 1 FROM event_join_requests r WHERE r.booking_id = e.booking_id AND r.guest_id = :me)',
      );
    if (page.after)
      q.andWhere('(e.starts_at, e.booking_id) > (CAST(:at AS timestamptz), CAST(:id AS uuid))', {
        at: page.after.at,
        id: page.after.id,
      });
    const { entities, raw } = await whereVisibleTo(q, viewerId, gender)
      .orderBy('e.starts_at', 'ASC')
      .addOrderBy('e.booking_id', 'ASC')
      .limit(page.limit + 1)
      .getRawAndEntities<{ page_at: string }>();
    const rows = entities.map((event, i) => ({ event, at: raw[i]!.page_at }));
    const p = pageOf(rows, page.limit, (r) => ({ at: r.at, id: r.event.bookingId }));
    return { items: p.items.map((r) => r.event), nextCursor: p.nextCursor };
  }

  /** Whether the event exists and the viewer may see it (wherever and whenever it is). */
  isVisibleTo(bookingId: string, viewerId: string, gender: string | null): Promise<boolean> {
    const q = this.ds.manager
      .getRepository(EventCard)
      .createQueryBuilder('e')
      .where('e.booking_id = :bookingId', { bookingId });
    return whereVisibleTo(q, viewerId, gender).getExists();
  }
}
