import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In } from 'typeorm';
import type { Attendees, EventData } from '@luxe/contracts';
import { type PreparedSql, queryNamed } from '@luxe/platform/db';
import { upsertUnlessErased } from '@luxe/platform/events';
import { EventCard, MemberCard } from './catalog.entity';

/** A member's card as identity's `user-registered` / `user-profile-updated` carry it. */
export interface MemberCardData {
  userId: string;
  firstName: string;
  lastName: string;
  userType: string;
  city: string;
  state: string;
  profileImages: string[];
  age: number | null;
  bio: string | null;
  gender: string | null;
  emailVerified?: boolean;
}

/**
 * A confirmed booking's event card: one INSERT … ON CONFLICT written out (save() would read the row
 * first, a round trip more per event; TypeORM's upsert built the statement anew for every event,
 * on the event's path before it left), sent as a named statement (`queryNamed`: planned once per
 * connection, not for every event). guest_limit is the host's own setting: a repeated
 * confirmation leaves it.
 */
const SAVE_EVENT: PreparedSql = {
  name: 'luxe_event_card',
  // prettier-ignore
  types: ['uuid', 'uuid', 'text', 'uuid', 'text', 'text', 'text', 'text', 'text', 'text', 'text', 'text', 'text', 'int', 'timestamptz', 'text', 'int', 'int'],
  sql: `INSERT INTO event_cards (booking_id, host_id, host_first_name, venue_id, venue_name, venue_type, venue_city,
     venue_state, venue_image, section_type, booking_date, start_time, end_time, duration, starts_at,
     guest_visibility, friends_count, capacity)
   VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)
   ON CONFLICT (booking_id) DO UPDATE SET host_id = EXCLUDED.host_id, host_first_name = EXCLUDED.host_first_name,
     venue_id = EXCLUDED.venue_id, venue_name = EXCLUDED.venue_name, venue_type = EXCLUDED.venue_type,
     venue_city = EXCLUDED.venue_city, venue_state = EXCLUDED.venue_state, venue_image = EXCLUDED.venue_image,
     section_type = EXCLUDED.section_type, booking_date = EXCLUDED.booking_date, start_time = EXCLUDED.start_time,
     end_time = EXCLUDED.end_time, duration = EXCLUDED.duration, starts_at = EXCLUDED.starts_at,
     guest_visibility = EXCLUDED.guest_visibility, friends_count = EXCLUDED.friends_count, capacity = EXCLUDED.capacity`,
};

/**
 * Every query on social's read models, and social's shared reads about members: their cards and who is going to an event (approved join requests and accepted invites, plus
 * the host's friends). The writes are the catalog consumer's, in the event's inbox transaction.
 */
@Injectable()
export class CatalogRepository {
  constructor(private readonly ds: DataSource) {}

  card(userId: string, m: EntityManager = this.ds.manager): Promise<MemberCard | null> {
    return m.findOneBy(MemberCard, { userId });
  }

  async cards(ids: string[]): Promise<Map<string, MemberCard>> {
    const unique = [...new Set(ids)];
    const rows = unique.length ? await this.ds.manager.findBy(MemberCard, { userId: In(unique) }) : [];
    return new Map(rows.map((c) => [c.userId, c]));
  }

  /** Who is going to each event: guests approved or who accepted an invite (up to 3 avatars), plus the host's friends in the count. */
  async attendees(bookingIds: string[]): Promise<Map<string, Attendees>> {
    const ids = [...new Set(bookingIds)];
    const out = new Map<string, Attendees>();
    if (!ids.length) return out;
    const rows: { booking_id: string; user_id: string; first_name: string | null; image: string | null }[] =
      await this.ds.query(
        `SELECT g.booking_id, g.user_id, c.first_name, c.profile_images[1] AS image
         FROM (SELECT booking_id, guest_id AS user_id, min(decided_at) AS since FROM event_join_requests WHERE booking_id = ANY($1) AND status = 'approved' GROUP BY 1, 2
               UNION ALL
               SELECT booking_id, guest_id, min(responded_at) FROM invites WHERE booking_id = ANY($1) AND status = 'accepted' GROUP BY 1, 2) g
         LEFT JOIN member_cards c ON c.user_id = g.user_id
        ORDER BY g.booking_id, g.since NULLS LAST, g.user_id`,
        [ids],
      );
    const friends = new Map(
      (await this.ds.manager.findBy(EventCard, { bookingId: In(ids) })).map((e) => [e.bookingId, e.friendsCount]),
    );
    for (const id of ids) out.set(id, { count: friends.get(id) ?? 0, avatars: [] });
    const seen = new Set<string>();
    for (const r of rows) {
      const key = `${r.booking_id}:${r.user_id}`;
      if (seen.has(key)) continue; // approved and invited: one person
      seen.add(key);
      const a = out.get(r.booking_id)!;
      a.count += 1;
      if (a.avatars.length < 3)
        a.avatars.push({ id: r.user_id, firstName: r.first_name ?? 'Guest', image: r.image ?? null });
    }
    return out;
  }

  /** A confirmed booking's event card (one statement). */
  async saveEvent(m: EntityManager, d: EventData<'bookings.booking-confirmed'>): Promise<void> {
    await queryNamed(m, SAVE_EVENT, [
      d.bookingId,
      d.hostId,
      d.hostFirstName,
      d.venueId,
      d.venueName,
      d.venueType,
      d.venueCity,
      d.venueState,
      d.venueImage,
      d.sectionType,
      d.bookingDate,
      d.startTime,
      d.endTime,
      d.duration,
      new Date(d.startsAt),
      d.guestVisibility,
      d.friendsCount,
      d.capacity ?? null,
    ]);
  }

  async setGuestVisibility(m: EntityManager, bookingId: string, guestVisibility: string): Promise<void> {
    await m.update(EventCard, { bookingId }, { guestVisibility });
  }

  /** A member's card (one statement). */
  async saveMember(m: EntityManager, d: MemberCardData): Promise<void> {
    // Not for a member social erased (its user-erasure consumer applied his deletion): a late or replayed event brings nothing back.
    await upsertUnlessErased(
      m,
      MemberCard,
      d.userId,
      {
        userId: d.userId,
        firstName: d.firstName,
        lastName: d.lastName,
        userType: d.userType,
        city: d.city,
        state: d.state,
        profileImages: d.profileImages,
        age: d.age,
        bio: d.bio,
        gender: d.gender,
        emailVerified: d.emailVerified,
      },
      ['userId'],
    );
  }
}
