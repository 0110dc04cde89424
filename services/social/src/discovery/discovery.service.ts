import { Injectable } from '@nestjs/common';
import { DataSource, type ObjectLiteral, type SelectQueryBuilder } from 'typeorm';
import type { AvailableEvent } from '@luxe/contracts';
import { Actor, requireMember } from '@luxe/platform/http';
import { EventCard } from '../catalog/catalog.entity';
import { MemberDirectory, toMemberView } from '../catalog/member-directory';

const LIMIT = 100;

/**
 * SQL condition: the event's guest visibility ('men', 'women', 'both', or several joined by
 * commas) admits a viewer of this gender. A member without a gender sees events open to both.
 */
export function visibilityClause(gender: string | null): string {
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
export function whereVisibleTo<T extends ObjectLiteral>(q: SelectQueryBuilder<T>, viewerId: string, gender: string | null): SelectQueryBuilder<T> {
  return q
    .andWhere(visibilityClause(gender))
    .andWhere('NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = :viewer AND b.blocked_id = e.host_id) OR (b.blocker_id = e.host_id AND b.blocked_id = :viewer))', { viewer: viewerId });
}

/**
 * Discovery (docs/product.md#discovery-swipe-deck): other hosts' confirmed upcoming events in a
 * city, those the viewer may see (guest visibility against his gender), has not asked to join yet,
 * and whose host and he have not blocked each other; soonest first, with the host's card and who is
 * going.
 */
@Injectable()
export class DiscoveryService {
  constructor(
    private readonly ds: DataSource,
    private readonly members: MemberDirectory,
  ) {}

  async availableEvents(actor: Actor, place: { city: string; state: string }): Promise<AvailableEvent[]> {
    requireMember(actor);
    const viewer = await this.members.card(actor.userId);
    const q = this.ds.manager
      .getRepository(EventCard)
      .createQueryBuilder('e')
      // Cities are stored as the location step sets them ('Miami, FL'): their name part counts.
      .where(`lower(trim(split_part(e.venue_city, ',', 1))) = lower(trim(split_part(:city, ',', 1)))`, { city: place.city })
      .andWhere('lower(e.venue_state) = lower(:state)', { state: place.state })
      .andWhere('e.starts_at > now()')
      .andWhere('e.host_id <> :me', { me: actor.userId })
      .andWhere('NOT EXISTS (SELECT 1 FROM event_join_requests r WHERE r.booking_id = e.booking_id AND r.guest_id = :me)');
    const rows = await whereVisibleTo(q, actor.userId, viewer?.gender ?? null)
      .orderBy('e.starts_at', 'ASC')
      .addOrderBy('e.booking_id', 'ASC')
      .limit(LIMIT)
      .getMany();
    const hosts = await this.members.cards(rows.map((e) => e.hostId));
    const going = await this.members.attendees(rows.map((e) => e.bookingId));
    return rows.map((e) => {
      const host = toMemberView(hosts.get(e.hostId), e.hostId);
      return {
        bookingId: e.bookingId,
        venueId: e.venueId,
        venueName: e.venueName,
        venueType: e.venueType,
        city: e.venueCity,
        state: e.venueState,
        images: e.venueImage ? [e.venueImage] : [],
        sectionType: e.sectionType,
        bookingDate: e.bookingDate,
        startTime: e.startTime,
        endTime: e.endTime,
        duration: e.duration,
        startsAt: e.startsAt.toISOString(),
        host: hosts.has(e.hostId) ? host : { ...host, firstName: e.hostFirstName, userType: 'host' },
        attendees: going.get(e.bookingId) ?? { count: e.friendsCount, avatars: [] },
      };
    });
  }

  /** Whether the member may see the event (as discovery would show it to him, wherever and whenever it is). */
  async isVisibleTo(bookingId: string, viewerId: string): Promise<boolean> {
    const viewer = await this.members.card(viewerId);
    const q = this.ds.manager.getRepository(EventCard).createQueryBuilder('e').where('e.booking_id = :bookingId', { bookingId });
    return whereVisibleTo(q, viewerId, viewer?.gender ?? null).getExists();
  }
}
