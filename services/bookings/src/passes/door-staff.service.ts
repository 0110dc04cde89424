import { Injectable } from '@nestjs/common';
import { PASS_ERRORS, type DoorStaff, type DoorVenue } from '@luxe/contracts';
import { Actor, AppError, requireMember } from '@luxe/platform/http';
import type { MemberCard, VenueCard } from '../catalog/catalog.entity';
import { CatalogRepository } from '../catalog/catalog.repository';
import { DoorStaffEntity } from './door-staff.entity';
import { DoorStaffRepository } from './door-staff.repository';

/**
 * Door staff (docs/product.md#passes): the venue's owner lets a member check guests in at that venue, and
 * nothing else; the check-in asks `mayCheckIn`. The list is the owner's alone to read and change.
 */
@Injectable()
export class DoorStaffService {
  constructor(
    private readonly staff: DoorStaffRepository,
    private readonly catalog: CatalogRepository,
  ) {}

  /** Whether the member may check guests in at the venue: its owner, or its door staff. */
  async mayCheckIn(userId: string, venue: VenueCard): Promise<boolean> {
    if (venue.ownerId === userId) return true;
    return this.staff.isStaff(venue.venueId, userId);
  }

  /** `GET /api/door/venues`: the venues the caller owns, then those he is staff at. */
  async venuesOf(actor: Actor): Promise<DoorVenue[]> {
    requireMember(actor);
    const owned = await this.catalog.venuesOfOwner(actor.userId);
    const staffed = await this.staff.venueIdsOf(actor.userId);
    const others = await this.catalog.venuesByName(staffed);
    const view = (v: VenueCard, role: DoorVenue['role']): DoorVenue => ({
      venueId: v.venueId,
      name: v.name,
      city: v.city,
      role,
    });
    return [
      ...owned.map((v) => view(v, 'owner')),
      ...others.filter((v) => v.ownerId !== actor.userId).map((v) => view(v, 'staff')),
    ];
  }

  async list(actor: Actor, venueId: string): Promise<DoorStaff[]> {
    await this.ownVenue(actor, venueId);
    const rows = await this.staff.ofVenue(venueId);
    const cards = new Map(
      rows.length ? (await this.catalog.members(rows.map((r) => r.userId))).map((c) => [c.userId, c]) : [],
    );
    return rows.map((r) => toDoorStaff(r, cards.get(r.userId)));
  }

  /** The owner adds an existing account by its email; himself and a member already on the list are refused. */
  async add(actor: Actor, venueId: string, email: string): Promise<DoorStaff> {
    const venue = await this.ownVenue(actor, venueId);
    const card = await this.catalog.memberByEmail(email.toLowerCase());
    if (!card) throw AppError.of(PASS_ERRORS.NO_SUCH_MEMBER);
    if (card.userId === venue.ownerId) throw AppError.of(PASS_ERRORS.STAFF_IS_OWNER);
    const row = Object.assign(new DoorStaffEntity(), { venueId, userId: card.userId, addedAt: new Date() });
    if (!(await this.staff.add(row))) throw AppError.of(PASS_ERRORS.ALREADY_STAFF);
    return toDoorStaff(row, card);
  }

  async remove(actor: Actor, venueId: string, userId: string): Promise<void> {
    await this.ownVenue(actor, venueId);
    if (!(await this.staff.remove(venueId, userId))) throw AppError.of(PASS_ERRORS.STAFF_NOT_FOUND);
  }

  private async ownVenue(actor: Actor, venueId: string): Promise<VenueCard> {
    requireMember(actor);
    const venue = await this.catalog.venue(venueId);
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
