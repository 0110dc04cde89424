import type { AdminDancer, AdminReport, AdminUser, AdminVenue, AdminVipRoom, VipAssignment } from '@luxe/contracts';
import type {
  AdminAssignmentRow,
  AdminDancerRow,
  AdminReportRow,
  AdminSectionRow,
  AdminUserRow,
  AdminVenueRow,
} from '../catalog/catalog.entity';

/** The console's views of its read models; a row another names may be missing (not arrived yet, or deleted): blanks then. */

export const toUser = (u: AdminUserRow): AdminUser => ({
  id: u.userId,
  email: u.email,
  firstName: u.firstName,
  lastName: u.lastName,
  userType: u.userType as AdminUser['userType'],
  city: u.city,
  state: u.state,
  profileImages: u.profileImages ?? [],
  createdAt: new Date(u.createdAt).toISOString(),
  suspended: !!u.suspendedAt,
  suspendedReason: u.suspendedReason,
});

export const toVenue = (v: AdminVenueRow, owner: AdminUserRow | undefined): AdminVenue => ({
  id: v.venueId,
  name: v.name,
  type: v.type,
  subtype: v.subtype,
  city: v.city,
  state: v.state,
  imageUrl: v.imageUrl,
  pricePerHour: v.pricePerHour,
  capacity: v.capacity,
  isActive: v.isActive,
  approvalStatus: v.approvalStatus,
  owner: {
    id: v.ownerId,
    firstName: owner?.firstName ?? '',
    lastName: owner?.lastName ?? '',
    email: owner?.email ?? '',
  },
});

export const toVipRoom = (
  s: AdminSectionRow,
  venue: AdminVenueRow | undefined,
  assignment: VipAssignment | undefined,
): AdminVipRoom => ({
  id: s.sectionId,
  name: s.name,
  type: s.type,
  pricePerHour: s.pricePerHour,
  capacity: s.capacity,
  isActive: s.isActive,
  venue: { id: s.venueId, name: venue?.name ?? '', city: venue?.city ?? '', state: venue?.state ?? '' },
  assignment: assignment ?? null,
});

export const toDancer = (d: AdminDancerRow, venue: AdminVenueRow | undefined): AdminDancer => ({
  id: d.dancerId,
  name: d.name,
  venueId: d.venueId,
  venueName: venue?.name ?? '',
  entertainerUserId: d.entertainerUserId,
  imageUrl: d.imageUrl,
  priceModifier: d.priceModifier,
  isAvailable: d.isAvailable,
  isActive: d.isActive,
});

export const toAssignment = (
  a: AdminAssignmentRow,
  names: { dancer?: AdminDancerRow; section?: AdminSectionRow; venue?: AdminVenueRow },
): VipAssignment => ({
  id: a.assignmentId,
  sectionId: a.sectionId,
  dancerId: a.dancerId,
  venueId: a.venueId,
  entertainerUserId: a.entertainerUserId,
  status: a.status,
  createdAt: new Date(a.createdAt).toISOString(),
  respondedAt: a.respondedAt ? new Date(a.respondedAt).toISOString() : null,
  dancerName: names.dancer?.name ?? '',
  sectionName: names.section?.name ?? '',
  venueName: names.venue?.name ?? '',
});

/** `users`: the members the report names, by id (a deleted one shows as such). */
export function toReport(r: AdminReportRow, users: Map<string, AdminUserRow>): AdminReport {
  const name = (id: string) => {
    const u = users.get(id);
    return u ? `${u.firstName} ${u.lastName}`.trim() : 'Deleted member';
  };
  return {
    id: r.reportId,
    kind: r.kind,
    reason: r.reason as AdminReport['reason'],
    details: r.details,
    content: r.content,
    status: r.status,
    createdAt: new Date(r.createdAt).toISOString(),
    reporter: { id: r.reporterId, name: name(r.reporterId) },
    reported: {
      id: r.reportedUserId,
      name: name(r.reportedUserId),
      suspended: !!users.get(r.reportedUserId)?.suspendedAt,
    },
  };
}
