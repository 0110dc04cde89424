import type { EntityManager } from 'typeorm';
import { EventConsumer, OnEvent, type EventOf } from '@luxe/platform/events';
import {
  AdminAssignmentRow,
  AdminDancerRow,
  AdminReportRow,
  AdminSectionRow,
  AdminUserRow,
  AdminVenueRow,
} from './catalog.entity';

/**
 * The admin's read models (inbox key `admin.catalog`): members from identity, venues, sections,
 * dancers and VIP assignments from venues, reports from social. A member's suspension and a
 * report's decision are the admin's own and survive the updates. A member's deletion:
 * erasure.consumer.ts, under the same inbox key.
 */
@EventConsumer('catalog')
export class AdminCatalogConsumer {
  @OnEvent('identity.user-registered')
  async registered(e: EventOf<'identity.user-registered'>, tx: EntityManager): Promise<void> {
    const d = e.data;
    await tx
      .createQueryBuilder()
      .insert()
      .into(AdminUserRow)
      .values({
        userId: d.userId,
        email: d.email,
        firstName: d.firstName,
        lastName: d.lastName,
        userType: d.userType,
        city: d.city,
        state: d.state,
        profileImages: d.profileImages,
        createdAt: new Date(d.registeredAt),
        suspendedAt: null,
        suspendedReason: null,
      })
      .orUpdate(['email', 'first_name', 'last_name', 'user_type', 'city', 'state', 'profile_images'], ['user_id'])
      .execute();
  }

  @OnEvent('identity.user-profile-updated')
  async profile(e: EventOf<'identity.user-profile-updated'>, tx: EntityManager): Promise<void> {
    const d = e.data;
    await tx.update(
      AdminUserRow,
      { userId: d.userId },
      {
        firstName: d.firstName,
        lastName: d.lastName,
        userType: d.userType,
        city: d.city,
        state: d.state,
        profileImages: d.profileImages,
      },
    );
  }

  @OnEvent('venues.venue-created')
  created(e: EventOf<'venues.venue-created'>, tx: EntityManager) {
    return this.saveVenue(tx, e.data);
  }

  @OnEvent('venues.venue-updated')
  updated(e: EventOf<'venues.venue-updated'>, tx: EntityManager) {
    return this.saveVenue(tx, e.data);
  }

  @OnEvent('venues.venue-approved')
  async approved(e: EventOf<'venues.venue-approved'>, tx: EntityManager): Promise<void> {
    await tx.update(
      AdminVenueRow,
      { venueId: e.data.venueId },
      { approvalStatus: e.data.status, updatedAt: new Date() },
    );
  }

  @OnEvent('venues.venue-deleted')
  async venueDeleted(e: EventOf<'venues.venue-deleted'>, tx: EntityManager): Promise<void> {
    const venueId = e.data.venueId;
    await tx.delete(AdminAssignmentRow, { venueId });
    await tx.delete(AdminDancerRow, { venueId });
    await tx.delete(AdminSectionRow, { venueId });
    await tx.delete(AdminVenueRow, { venueId });
  }

  @OnEvent('venues.section-changed')
  async section(e: EventOf<'venues.section-changed'>, tx: EntityManager): Promise<void> {
    const d = e.data;
    await tx.save(
      AdminSectionRow,
      Object.assign(new AdminSectionRow(), {
        sectionId: d.sectionId,
        venueId: d.venueId,
        name: d.name,
        type: d.type,
        pricePerHour: d.pricePerHour,
        capacity: d.capacity,
        isVipRoom: d.isVipRoom,
        isActive: d.isActive,
      }),
    );
  }

  @OnEvent('venues.section-removed')
  async sectionRemoved(e: EventOf<'venues.section-removed'>, tx: EntityManager): Promise<void> {
    await tx.delete(AdminAssignmentRow, { sectionId: e.data.sectionId });
    await tx.delete(AdminSectionRow, { sectionId: e.data.sectionId });
  }

  @OnEvent('venues.dancer-changed')
  async dancer(e: EventOf<'venues.dancer-changed'>, tx: EntityManager): Promise<void> {
    const d = e.data;
    await tx.save(
      AdminDancerRow,
      Object.assign(new AdminDancerRow(), {
        dancerId: d.dancerId,
        venueId: d.venueId,
        name: d.name,
        entertainerUserId: d.entertainerUserId,
        imageUrl: d.imageUrl,
        priceModifier: d.priceModifier,
        isAvailable: d.isAvailable,
        isActive: d.isActive,
      }),
    );
  }

  @OnEvent('venues.dancer-removed')
  async dancerRemoved(e: EventOf<'venues.dancer-removed'>, tx: EntityManager): Promise<void> {
    await tx.delete(AdminAssignmentRow, { dancerId: e.data.dancerId });
    await tx.delete(AdminDancerRow, { dancerId: e.data.dancerId });
  }

  @OnEvent('venues.vip-assignment-changed')
  async assignment(e: EventOf<'venues.vip-assignment-changed'>, tx: EntityManager): Promise<void> {
    const d = e.data;
    await tx.save(
      AdminAssignmentRow,
      Object.assign(new AdminAssignmentRow(), {
        assignmentId: d.assignmentId,
        sectionId: d.sectionId,
        dancerId: d.dancerId,
        venueId: d.venueId,
        entertainerUserId: d.entertainerUserId,
        status: d.status,
        createdAt: new Date(d.createdAt),
        respondedAt: d.respondedAt ? new Date(d.respondedAt) : null,
      }),
    );
  }

  @OnEvent('social.report-filed')
  async report(e: EventOf<'social.report-filed'>, tx: EntityManager): Promise<void> {
    const d = e.data;
    await tx
      .createQueryBuilder()
      .insert()
      .into(AdminReportRow)
      .values({
        reportId: d.reportId,
        kind: d.kind,
        reporterId: d.reporterId,
        reportedUserId: d.reportedUserId,
        reason: d.reason,
        details: d.details,
        content: d.content,
        messageId: d.messageId,
        createdAt: new Date(d.createdAt),
        status: 'open',
        decidedAt: null,
        decidedBy: null,
        note: null,
      })
      .orIgnore()
      .execute();
  }

  private async saveVenue(tx: EntityManager, d: EventOf<'venues.venue-created'>['data']): Promise<void> {
    await tx.save(
      AdminVenueRow,
      Object.assign(new AdminVenueRow(), {
        venueId: d.venueId,
        ownerId: d.ownerId,
        name: d.name,
        type: d.type,
        subtype: d.subtype,
        city: d.city,
        state: d.state,
        imageUrl: d.imageUrl,
        pricePerHour: d.pricePerHour,
        capacity: d.capacity,
        isActive: d.isActive,
        approvalStatus: d.approvalStatus,
        updatedAt: new Date(),
      }),
    );
  }
}
