import { Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import { PASS_ERRORS, type DoorStaff, type DoorVenue } from '@luxe/contracts';
import { Actor, AppError, requireMember } from '@luxe/platform/http';
import { MemberCard, VenueCard } from '../catalog/catalog.entity';
import { DoorStaffEntity } from './door-staff.entity';

/**
 * Door staff (issue 31.2.18): the venue's owner lets a member check guests in at that venue, and
 * nothing else; the check-in asks `mayCheckIn`. The list is the owner's alone to read and change.
 */
@Injectable()
export class DoorStaffService {
  constructor(private readonly ds: DataSource) {}

  /** Whether the member may check guests in at the venue: its owner, or its door staff. */
  async mayCheckIn(userId: string, venue: VenueCard): Promise<boolean> {
    if (venue.ownerId === userId) return true;
    return this.ds.manager.existsBy(DoorStaffEntity, { venueId: venue.venueId, userId });
  }

  /** `GET /api/door/venues`: the venues the caller owns, then those he is staff at. */
  async venuesOf(actor: Actor): Promise<DoorVenue[]> {
    requireMember(actor);
    const owned = await this.ds.manager.find(VenueCard, { where: { ownerId: actor.userId }, order: { name: 'ASC' } });
    const staffed = (await this.ds.manager.findBy(DoorStaffEntity, { userId: actor.userId })).map((s) => s.venueId);
    const others = staffed.length ? await this.ds.manager.find(VenueCard, { where: { venueId: In(staffed) }, order: { name: 'ASC' } }) : [];
    const view = (v: VenueCard, role: DoorVenue['role']): DoorVenue => ({ venueId: v.venueId, name: v.name, city: v.city, role });
    return [...owned.map((v) => view(v, 'owner')), ...others.filter((v) => v.ownerId !== actor.userId).map((v) => view(v, 'staff'))];
  }

  async list(actor: Actor, venueId: string): Promise<DoorStaff[]> {
    await this.ownVenue(actor, venueId);
    const rows = await this.ds.manager.find(DoorStaffEntity, { where: { venueId }, order: { addedAt: 'ASC', userId: 'ASC' } });
    const cards = new Map(rows.length ? (await this.ds.manager.findBy(MemberCard, { userId: In(rows.map((r) => r.userId)) })).map((c) => [c.userId, c]) : []);
    return rows.map((r) => toDoorStaff(r, cards.get(r.userId)));
  }

  /** The owner adds an existing account by its email; himself and a member already on the list are refused. */
  async add(actor: Actor, venueId: string, email: string): Promise<DoorStaff> {
    const venue = await this.ownVenue(actor, venueId);
    const card = await this.ds.manager.findOneBy(MemberCard, { email: email.toLowerCase() });
    if (!card) throw AppError.of(PASS_ERRORS.NO_SUCH_MEMBER);
    if (card.userId === venue.ownerId) throw AppError.of(PASS_ERRORS.STAFF_IS_OWNER);
    const row = Object.assign(new DoorStaffEntity(), { venueId, userId: card.userId, addedAt: new Date() });
    const inserted: unknown[] = await this.ds.query(`INSERT INTO door_staff (venue_id, user_id, added_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING user_id`, [venueId, card.userId, row.addedAt]);
    if (!inserted.length) throw AppError.of(PASS_ERRORS.ALREADY_STAFF);
    return toDoorStaff(row, card);
  }

  async remove(actor: Actor, venueId: string, userId: string): Promise<void> {
    await this.ownVenue(actor, venueId);
    const r = await this.ds.manager.delete(DoorStaffEntity, { venueId, userId });
    if (!r.affected) throw AppError.of(PASS_ERRORS.STAFF_NOT_FOUND);
  }

  private async ownVenue(actor: Actor, venueId: string): Promise<VenueCard> {
    requireMember(actor);
    const venue = await this.ds.manager.findOneBy(VenueCard, { venueId });
    if (!venue || venue.ownerId !== actor.userId) throw AppError.of(PASS_ERRORS.NOT_YOUR_VENUE);
    return venue;
  }
}

const toDoorStaff = (r: DoorStaffEntity, card: MemberCard | undefined | null): DoorStaff => ({
  venueId: r.venueId,
  userId: r.userId,
  firstName: card?.firstName ?? 'Member',
  email: card?.email ?? '',
  addedAt: new Date(r.addedAt).toISOString(),
});
