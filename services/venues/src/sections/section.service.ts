import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import {
  premiumLabel,
  sectionBookingRules,
  VENUE_ERRORS,
  VENUE_PLACEHOLDERS,
  type Section,
  type SectionDto,
} from '@luxe/contracts';
import { Outbox } from '@luxe/platform/events';
import { Actor, AppError } from '@luxe/platform/http';
import { VenueEntity } from '../venues/venue.entity';
import { VenueAccess } from '../venues/venue-access';
import { SectionEntity } from './section.entity';
import { SectionRepository } from './section.repository';
import { VenueBookingRepository } from '../venue-bookings/venue-booking.repository';

export function toSection(s: SectionEntity, venue: Pick<VenueEntity, 'pricePerHour'>): Section {
  const price = Number(s.pricePerHour);
  const venuePrice = Number(venue.pricePerHour);
  return {
    id: s.id,
    venueId: s.venueId,
    name: s.name,
    type: s.type,
    description: s.description,
    images: s.images ?? [],
    capacity: s.capacity,
    pricePerHour: price.toFixed(2),
    amenities: s.amenities ?? [],
    isVipRoom: s.isVipRoom,
    isExclusive: s.isExclusive,
    maxSimultaneousBookings: s.maxSimultaneousBookings,
    isActive: s.isActive,
    createdAt: new Date(s.createdAt).toISOString(),
    premiumMultiplier: venuePrice > 0 ? Math.round((price / venuePrice) * 100) / 100 : 1,
    premiumLabel: premiumLabel(price, venuePrice),
    imageUrl: s.images?.[0] ?? VENUE_PLACEHOLDERS.section,
    ...sectionDeposit(s),
  };
}

/** A section's minimum spend ('1000.00' or null) and deposit percentage, as the API and its event carry them. */
export function sectionDeposit(s: Pick<SectionEntity, 'minimumSpend' | 'depositPercent'>): {
  minimumSpend: string | null;
  depositPercent: number;
} {
  return {
    minimumSpend: s.minimumSpend == null ? null : Number(s.minimumSpend).toFixed(2),
    depositPercent: s.depositPercent ?? 0,
  };
}

/**
 * Sections and VIP rooms. Only the venue's owner changes them; VIP rooms exist only in strip
 * clubs; a VIP room is exclusive and an exclusive section takes one booking at a time, whatever
 * the form sent (docs/product.md#venues-sections).
 */
@Injectable()
export class SectionService {
  constructor(
    private readonly ds: DataSource,
    private readonly sections: SectionRepository,
    private readonly access: VenueAccess,
    private readonly outbox: Outbox,
    private readonly bookings: VenueBookingRepository,
  ) {}

  async list(actor: Actor, venueId: string): Promise<Section[]> {
    const { venue, owner } = await this.access.visible(actor, venueId);
    return (await this.sections.findByVenue(venueId, !owner)).map((s) => toSection(s, venue));
  }

  async create(actor: Actor, venueId: string, dto: SectionDto): Promise<Section> {
    return this.ds.transaction(async (m) => {
      const venue = await this.access.owned(m, actor, venueId);
      const s = Object.assign(
        new SectionEntity(),
        { id: randomUUID(), venueId, createdAt: new Date() },
        this.fields(venue, dto),
      );
      const row = await this.sections.save(m, s);
      await this.publish(m, row);
      return toSection(row, venue);
    });
  }

  async update(actor: Actor, id: string, dto: SectionDto): Promise<Section> {
    return this.ds.transaction(async (m) => {
      const s = await this.sections.findById(id, m);
      if (!s) throw AppError.of(VENUE_ERRORS.SECTION_NOT_FOUND);
      const venue = await this.access.owned(m, actor, s.venueId);
      Object.assign(s, this.fields(venue, dto));
      const row = await this.sections.save(m, s);
      await this.publish(m, row);
      return toSection(row, venue);
    });
  }

  /**
   * Deletes the section and publishes `section-removed`; refused, as a venue is, while upcoming
   * bookings take it (they would stay confirmed at a section that no longer exists).
   */
  async remove(actor: Actor, id: string): Promise<void> {
    await this.ds.transaction(async (m) => {
      const s = await this.sections.findById(id, m);
      if (!s) throw AppError.of(VENUE_ERRORS.SECTION_NOT_FOUND);
      await this.access.owned(m, actor, s.venueId);
      if (await this.bookings.hasUpcoming(m, { sectionId: s.id }))
        throw AppError.of(VENUE_ERRORS.SECTION_HAS_UPCOMING_BOOKINGS);
      await this.sections.delete(m, id);
      await this.outbox.add(m, 'venues.section-removed', s.id, { sectionId: s.id, venueId: s.venueId });
    });
  }

  private fields(venue: VenueEntity, dto: SectionDto): Partial<SectionEntity> {
    if (dto.isVipRoom && venue.subtype !== 'strip_club') throw AppError.of(VENUE_ERRORS.VIP_ONLY_STRIP_CLUB);
    this.access.checkImages(venue.ownerId, dto.images);
    const rules = sectionBookingRules(dto);
    return {
      name: dto.name,
      type: dto.type,
      description: dto.description,
      images: dto.images,
      capacity: dto.capacity,
      pricePerHour: dto.pricePerHour.toFixed(2),
      amenities: dto.amenities,
      isVipRoom: dto.isVipRoom,
      isExclusive: rules.isExclusive,
      maxSimultaneousBookings: rules.maxSimultaneousBookings,
      isActive: dto.isActive,
      minimumSpend: dto.minimumSpend == null ? null : dto.minimumSpend.toFixed(2),
      depositPercent: dto.depositPercent,
    };
  }

  private publish(m: EntityManager, s: SectionEntity) {
    return this.outbox.add(m, 'venues.section-changed', s.id, {
      sectionId: s.id,
      venueId: s.venueId,
      name: s.name,
      type: s.type,
      pricePerHour: Number(s.pricePerHour).toFixed(2),
      capacity: s.capacity,
      isVipRoom: s.isVipRoom,
      isExclusive: s.isExclusive,
      maxSimultaneousBookings: s.maxSimultaneousBookings,
      isActive: s.isActive,
      ...sectionDeposit(s),
    });
  }
}
