import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { EventData } from '@luxe/contracts';
import {
  AdminAssignmentRow,
  AdminDancerRow,
  AdminReportRow,
  AdminSectionRow,
  AdminUserRow,
  AdminVenueRow,
} from './catalog.entity';

/**
 * Every write on the admin's read models, from the events that feed them (in the event's inbox
 * transaction). A member's suspension and a report's decision are the admin's own: the writes
 * here leave them as they are.
 */
@Injectable()
export class AdminCatalogRepository {
  async saveUser(m: EntityManager, d: EventData<'identity.user-registered'>): Promise<void> {
    await m
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

  async updateProfile(m: EntityManager, d: EventData<'identity.user-profile-updated'>): Promise<void> {
    await m.update(
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

  /** A deleted member's row goes; reports about him stay, without the words of his messages. */
  async eraseUser(m: EntityManager, userId: string): Promise<void> {
    await m.delete(AdminUserRow, { userId });
    await m.update(AdminReportRow, { reportedUserId: userId }, { content: null });
  }

  async saveVenue(m: EntityManager, d: EventData<'venues.venue-created'>): Promise<void> {
    await m.save(
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

  async setApproval(m: EntityManager, d: EventData<'venues.venue-approved'>): Promise<void> {
    await m.update(AdminVenueRow, { venueId: d.venueId }, { approvalStatus: d.status, updatedAt: new Date() });
  }

  /** A deleted venue's rows go: its assignments, dancers and sections with it. */
  async deleteVenue(m: EntityManager, venueId: string): Promise<void> {
    await m.delete(AdminAssignmentRow, { venueId });
    await m.delete(AdminDancerRow, { venueId });
    await m.delete(AdminSectionRow, { venueId });
    await m.delete(AdminVenueRow, { venueId });
  }

  async saveSection(m: EntityManager, d: EventData<'venues.section-changed'>): Promise<void> {
    await m.save(
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

  async deleteSection(m: EntityManager, sectionId: string): Promise<void> {
    await m.delete(AdminAssignmentRow, { sectionId });
    await m.delete(AdminSectionRow, { sectionId });
  }

  async saveDancer(m: EntityManager, d: EventData<'venues.dancer-changed'>): Promise<void> {
    await m.save(
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

  async deleteDancer(m: EntityManager, dancerId: string): Promise<void> {
    await m.delete(AdminAssignmentRow, { dancerId });
    await m.delete(AdminDancerRow, { dancerId });
  }

  async saveAssignment(m: EntityManager, d: EventData<'venues.vip-assignment-changed'>): Promise<void> {
    await m.save(
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

  /** A filed report, once (a replay leaves its decision as it is). */
  async addReport(m: EntityManager, d: EventData<'social.report-filed'>): Promise<void> {
    await m
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
}
