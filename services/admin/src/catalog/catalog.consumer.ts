import type { EntityManager } from 'typeorm';
import { EventConsumer, OnEvent, type EventOf } from '@luxe/platform/events';
import { AdminCatalogRepository } from './catalog.repository';

/**
 * The admin's read models (inbox key `admin.catalog`): members from identity, venues, sections,
 * dancers and VIP assignments from venues, reports from social. A member's suspension and a
 * report's decision are the admin's own and survive the updates. A member's deletion:
 * erasure.consumer.ts, under the same inbox key.
 */
@EventConsumer('catalog')
export class AdminCatalogConsumer {
  constructor(private readonly catalog: AdminCatalogRepository) {}

  @OnEvent('identity.user-registered')
  registered(e: EventOf<'identity.user-registered'>, tx: EntityManager): Promise<void> {
    return this.catalog.saveUser(tx, e.data);
  }

  @OnEvent('identity.user-profile-updated')
  profile(e: EventOf<'identity.user-profile-updated'>, tx: EntityManager): Promise<void> {
    return this.catalog.updateProfile(tx, e.data);
  }

  @OnEvent('venues.venue-created')
  created(e: EventOf<'venues.venue-created'>, tx: EntityManager): Promise<void> {
    return this.catalog.saveVenue(tx, e.data);
  }

  @OnEvent('venues.venue-updated')
  updated(e: EventOf<'venues.venue-updated'>, tx: EntityManager): Promise<void> {
    return this.catalog.saveVenue(tx, e.data);
  }

  @OnEvent('venues.venue-approved')
  approved(e: EventOf<'venues.venue-approved'>, tx: EntityManager): Promise<void> {
    return this.catalog.setApproval(tx, e.data);
  }

  @OnEvent('venues.venue-deleted')
  venueDeleted(e: EventOf<'venues.venue-deleted'>, tx: EntityManager): Promise<void> {
    return this.catalog.deleteVenue(tx, e.data.venueId);
  }

  @OnEvent('venues.section-changed')
  section(e: EventOf<'venues.section-changed'>, tx: EntityManager): Promise<void> {
    return this.catalog.saveSection(tx, e.data);
  }

  @OnEvent('venues.section-removed')
  sectionRemoved(e: EventOf<'venues.section-removed'>, tx: EntityManager): Promise<void> {
    return this.catalog.deleteSection(tx, e.data.sectionId);
  }

  @OnEvent('venues.dancer-changed')
  dancer(e: EventOf<'venues.dancer-changed'>, tx: EntityManager): Promise<void> {
    return this.catalog.saveDancer(tx, e.data);
  }

  @OnEvent('venues.dancer-removed')
  dancerRemoved(e: EventOf<'venues.dancer-removed'>, tx: EntityManager): Promise<void> {
    return this.catalog.deleteDancer(tx, e.data.dancerId);
  }

  @OnEvent('venues.vip-assignment-changed')
  assignment(e: EventOf<'venues.vip-assignment-changed'>, tx: EntityManager): Promise<void> {
    return this.catalog.saveAssignment(tx, e.data);
  }

  @OnEvent('social.report-filed')
  report(e: EventOf<'social.report-filed'>, tx: EntityManager): Promise<void> {
    return this.catalog.addReport(tx, e.data);
  }
}
