import { DEFAULT_CANCELLATION_POLICY } from '@luxe/contracts';
import type { EntityManager } from 'typeorm';
import { EventConsumer, OnEvent, type EventOf } from '@luxe/platform/events';
import { DancerCard, MemberCard, SectionCard, VenueCard } from './catalog.entity';
import { CatalogRepository } from './catalog.repository';
import { BookingService } from '../bookings/booking.service';

/**
 * Bookings' read models, kept from the venues service's and identity's events (inbox key
 * `bookings.catalog`): prices, capacities and approval come from here, never from the browser.
 */
@EventConsumer('catalog')
export class CatalogConsumer {
  constructor(
    private readonly catalog: CatalogRepository,
    private readonly bookings: BookingService,
  ) {}

  @OnEvent('venues.venue-created')
  created(e: EventOf<'venues.venue-created'>, tx: EntityManager) {
    return this.saveVenue(tx, e.data);
  }

  @OnEvent('venues.venue-updated')
  updated(e: EventOf<'venues.venue-updated'>, tx: EntityManager) {
    return this.saveVenue(tx, e.data);
  }

  @OnEvent('venues.venue-approved')
  approved(e: EventOf<'venues.venue-approved'>, tx: EntityManager) {
    return this.catalog.setApproval(tx, e.data.venueId, e.data.status);
  }

  @OnEvent('venues.venue-deleted')
  async deleted(e: EventOf<'venues.venue-deleted'>, tx: EntityManager) {
    await this.bookings.cancelAtVenue(tx, e.data.venueId);
    await this.catalog.deleteVenue(tx, e.data.venueId);
  }

  @OnEvent('venues.section-changed')
  section(e: EventOf<'venues.section-changed'>, tx: EntityManager) {
    const d = e.data;
    return this.catalog.saveSection(
      tx,
      Object.assign(new SectionCard(), {
        sectionId: d.sectionId,
        venueId: d.venueId,
        name: d.name,
        type: d.type,
        pricePerHour: d.pricePerHour,
        isVipRoom: d.isVipRoom,
        maxSimultaneousBookings: d.maxSimultaneousBookings,
        isActive: d.isActive,
        capacity: d.capacity,
        minimumSpend: d.minimumSpend ?? null,
        depositPercent: d.depositPercent ?? 0,
      }),
    );
  }

  @OnEvent('venues.section-removed')
  sectionRemoved(e: EventOf<'venues.section-removed'>, tx: EntityManager) {
    return this.catalog.deleteSection(tx, e.data.sectionId);
  }

  @OnEvent('venues.dancer-changed')
  dancer(e: EventOf<'venues.dancer-changed'>, tx: EntityManager) {
    const d = e.data;
    return this.catalog.saveDancer(
      tx,
      Object.assign(new DancerCard(), {
        dancerId: d.dancerId,
        venueId: d.venueId,
        name: d.name,
        priceModifier: d.priceModifier,
        isAvailable: d.isAvailable,
        isActive: d.isActive,
      }),
    );
  }

  @OnEvent('venues.dancer-removed')
  dancerRemoved(e: EventOf<'venues.dancer-removed'>, tx: EntityManager) {
    return this.catalog.deleteDancer(tx, e.data.dancerId);
  }

  @OnEvent('identity.user-registered')
  registered(e: EventOf<'identity.user-registered'>, tx: EntityManager) {
    return this.catalog.saveMember(
      tx,
      Object.assign(new MemberCard(), {
        userId: e.data.userId,
        firstName: e.data.firstName,
        email: e.data.email.toLowerCase(),
      }),
    );
  }

  @OnEvent('identity.user-profile-updated')
  profile(e: EventOf<'identity.user-profile-updated'>, tx: EntityManager) {
    return this.catalog.saveMember(
      tx,
      Object.assign(new MemberCard(), { userId: e.data.userId, firstName: e.data.firstName }),
    );
  }

  private saveVenue(tx: EntityManager, d: EventOf<'venues.venue-created'>['data']) {
    return this.catalog.saveVenue(
      tx,
      Object.assign(new VenueCard(), {
        venueId: d.venueId,
        ownerId: d.ownerId,
        name: d.name,
        type: d.type,
        subtype: d.subtype,
        city: d.city,
        state: d.state,
        pricePerHour: d.pricePerHour,
        pricingTiers: d.pricingTiers ?? [],
        imageUrl: d.imageUrl,
        approvalStatus: d.approvalStatus,
        isActive: d.isActive,
        capacity: d.capacity,
        cancellationPolicy: d.cancellationPolicy ?? DEFAULT_CANCELLATION_POLICY,
      }),
    );
  }
}
