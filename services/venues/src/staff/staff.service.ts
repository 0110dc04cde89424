import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import {
  VENUE_ERRORS,
  VENUE_PLACEHOLDERS,
  type Bartender,
  type BartenderDto,
  type Dancer,
  type DancerDto,
} from '@luxe/contracts';
import { Outbox } from '@luxe/platform/events';
import { Actor, AppError } from '@luxe/platform/http';
import { VenueAccess } from '../venues/venue-access';
import { BartenderEntity, DancerEntity } from './staff.entity';
import { StaffRepository, type StaffEntity } from './staff.repository';
import { VenueBookingRepository } from '../venue-bookings/venue-booking.repository';

type Common = DancerEntity | BartenderEntity;

function common(s: Common) {
  return {
    id: s.id,
    venueId: s.venueId,
    name: s.name,
    description: s.description,
    images: s.images ?? [],
    specialties: s.specialties ?? [],
    isAvailable: s.isAvailable,
    isActive: s.isActive,
    createdAt: new Date(s.createdAt).toISOString(),
    imageUrl: s.images?.[0] ?? VENUE_PLACEHOLDERS.section,
  };
}
export const toDancer = (d: DancerEntity): Dancer => ({
  ...common(d),
  entertainerUserId: d.entertainerUserId,
  priceModifier: Number(d.priceModifier).toFixed(2),
});
export const toBartender = (b: BartenderEntity): Bartender => common(b);

/**
 * Dancers (entertainers) and bartenders of a venue. Only the venue's owner changes them; other
 * members see a strip club's available, active dancers (the booking page's entertainer picker);
 * bartenders are the owner's list only. Dancer changes are published (`dancer-changed`): bookings
 * prices a VIP booking from the dancer's price modifier.
 */
@Injectable()
export class StaffService {
  constructor(
    private readonly ds: DataSource,
    private readonly staff: StaffRepository,
    private readonly access: VenueAccess,
    private readonly outbox: Outbox,
    private readonly bookings: VenueBookingRepository,
  ) {}

  async dancers(actor: Actor, venueId: string): Promise<Dancer[]> {
    const { venue, owner } = await this.access.visible(actor, venueId);
    if (!owner && venue.subtype !== 'strip_club') return [];
    return (await this.staff.findByVenue(DancerEntity, venueId, owner)).map(toDancer);
  }

  async bartenders(actor: Actor, venueId: string): Promise<Bartender[]> {
    await this.access.owned(this.ds.manager, actor, venueId);
    return (await this.staff.findByVenue(BartenderEntity, venueId, true)).map(toBartender);
  }

  createDancer(actor: Actor, venueId: string, dto: DancerDto): Promise<Dancer> {
    return this.ds.transaction(async (m) => {
      const venue = await this.access.owned(m, actor, venueId);
      this.access.checkImages(venue.ownerId, dto.images);
      const row = await this.staff.save(
        m,
        DancerEntity,
        Object.assign(
          new DancerEntity(),
          { id: randomUUID(), venueId, entertainerUserId: null, createdAt: new Date() },
          this.dancerFields(dto),
        ),
      );
      await this.publishDancer(m, row);
      return toDancer(row);
    });
  }

  updateDancer(actor: Actor, id: string, dto: DancerDto): Promise<Dancer> {
    return this.ds.transaction(async (m) => {
      const d = await this.ownedStaff(m, actor, DancerEntity, id);
      this.access.checkImages(actor.userId!, dto.images);
      // Made inactive, the dancer would vanish from the bookings that take him: refused as a removal is.
      if (d.isActive && !dto.isActive) await this.refuseWhileBooked(m, d);
      Object.assign(d, this.dancerFields(dto));
      const row = await this.staff.save(m, DancerEntity, d);
      await this.publishDancer(m, row);
      return toDancer(row);
    });
  }

  async removeDancer(actor: Actor, id: string): Promise<void> {
    await this.ds.transaction(async (m) => {
      const d = await this.ownedStaff(m, actor, DancerEntity, id);
      await this.refuseWhileBooked(m, d);
      await this.staff.delete(m, DancerEntity, id);
      await this.outbox.add(m, 'venues.dancer-removed', d.id, { dancerId: d.id, venueId: d.venueId });
    });
  }

  createBartender(actor: Actor, venueId: string, dto: BartenderDto): Promise<Bartender> {
    return this.ds.transaction(async (m) => {
      const venue = await this.access.owned(m, actor, venueId);
      this.access.checkImages(venue.ownerId, dto.images);
      const row = await this.staff.save(
        m,
        BartenderEntity,
        Object.assign(
          new BartenderEntity(),
          { id: randomUUID(), venueId, createdAt: new Date() },
          this.commonFields(dto),
        ),
      );
      return toBartender(row);
    });
  }

  updateBartender(actor: Actor, id: string, dto: BartenderDto): Promise<Bartender> {
    return this.ds.transaction(async (m) => {
      const b = await this.ownedStaff(m, actor, BartenderEntity, id);
      this.access.checkImages(actor.userId!, dto.images);
      Object.assign(b, this.commonFields(dto));
      return toBartender(await this.staff.save(m, BartenderEntity, b));
    });
  }

  async removeBartender(actor: Actor, id: string): Promise<void> {
    await this.ds.transaction(async (m) => {
      await this.ownedStaff(m, actor, BartenderEntity, id);
      await this.staff.delete(m, BartenderEntity, id);
    });
  }

  /** An entertainer account was deleted: its dancers stay with their venue, unlinked. */
  async unlinkEntertainer(m: EntityManager, userId: string): Promise<void> {
    for (const d of await this.staff.findByEntertainer(m, userId)) {
      d.entertainerUserId = null;
      await this.publishDancer(m, await this.staff.save(m, DancerEntity, d));
    }
  }

  private async ownedStaff<E extends StaffEntity>(
    m: EntityManager,
    actor: Actor,
    entity: E,
    id: string,
  ): Promise<InstanceType<E>> {
    const row = await this.staff.findById(entity, id, m);
    const notFound = () =>
      AppError.of(entity === DancerEntity ? VENUE_ERRORS.DANCER_NOT_FOUND : VENUE_ERRORS.BARTENDER_NOT_FOUND);
    if (!row) throw notFound();
    await this.access.owned(m, actor, row.venueId);
    return row;
  }

  /** A dancer that upcoming bookings take (confirmed, or held) stays, as a venue with them does. */
  private async refuseWhileBooked(m: EntityManager, d: DancerEntity): Promise<void> {
    if (await this.bookings.hasUpcoming(m, { dancerId: d.id }))
      throw AppError.of(VENUE_ERRORS.DANCER_HAS_UPCOMING_BOOKINGS);
  }

  private commonFields(dto: BartenderDto): Partial<Common> {
    return {
      name: dto.name,
      description: dto.description,
      images: dto.images,
      specialties: dto.specialties,
      isAvailable: dto.isAvailable,
      isActive: dto.isActive,
    };
  }

  private dancerFields(dto: DancerDto): Partial<DancerEntity> {
    return { ...this.commonFields(dto), priceModifier: dto.priceModifier.toFixed(2) };
  }

  /** `dancer-changed`: bookings, admin and the booking page follow the dancer. */
  publishDancer(m: EntityManager, d: DancerEntity) {
    const r = toDancer(d);
    return this.outbox.add(m, 'venues.dancer-changed', d.id, {
      dancerId: r.id,
      venueId: r.venueId,
      entertainerUserId: r.entertainerUserId,
      name: r.name,
      priceModifier: r.priceModifier,
      imageUrl: r.imageUrl,
      isAvailable: r.isAvailable,
      isActive: r.isActive,
    });
  }
}
