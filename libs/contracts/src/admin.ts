import { z } from 'zod';
import { accountFields, credentialsSchema, USER_TYPES } from './auth';
import { REPORT_REASONS } from './social';

/** The admin console's words (docs/product.md#admin) and the server's own. */
export const ADMIN_MESSAGES = {
  email: 'Please enter a valid email address',
  password: 'Password is required',
  invalidCredentials: 'Invalid admin credentials',
  sessionExpired: 'Your admin session has expired. Please sign in again.',
  status: 'Status must be approved or rejected',
  venueNotFound: 'Venue not found',
  notPending: 'This venue has already been decided',
  sectionId: 'Please choose a VIP room',
  dancerId: 'Please choose a dancer',
  notVipRoom: 'Only VIP rooms take dancer assignments',
  otherVenue: 'The dancer must belong to the same venue as the VIP room',
  sectionNotFound: 'VIP room not found',
  dancerNotFound: 'Dancer not found',
  assignmentNotFound: 'Assignment not found',
  notRevocable: 'Only a proposed or accepted assignment can be revoked',
  userNotFound: 'User not found',
  alreadySuspended: 'This user is already suspended',
  notSuspended: 'This user is not suspended',
  reason: 'Please give a reason (at most 500 characters)',
  reportNotFound: 'Report not found',
  reportDecided: 'This report has already been handled',
  approved: 'Venue approved',
  rejected: 'Venue rejected',
  assigned: 'Dancer assignment proposed',
  revoked: 'Assignment revoked',
  // The console's toasts and fallbacks (docs/product.md#admin).
  accessDenied: 'Access Denied',
  venueStatusFailed: 'Failed to update venue status',
  assignFailed: 'Failed to assign dancer',
  loadFailedTitle: 'Error Loading Dashboard',
  loadFailed: 'Unable to fetch user data',
} as const;

export const adminLoginSchema = credentialsSchema(ADMIN_MESSAGES);
export const adminSchema = z.object({ id: z.uuid(), email: z.string(), name: z.string() });
export type Admin = z.output<typeof adminSchema>;
/** What the browser receives: a short-lived signed bearer token for every other `/api/admin/*` call. */
export const adminLoginResultSchema = z.object({
  token: z.string().min(1),
  expiresAt: z.iso.datetime(),
  admin: adminSchema,
});
export type AdminLoginResult = z.output<typeof adminLoginResultSchema>;

/** Paged lists: `?search=&page=&pageSize=` plus each list's filters. */
const paging = {
  search: z.string().trim().max(120).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
};
const paged = { page: z.number().int(), pageSize: z.number().int(), total: z.number().int() };

export const adminUsersQuerySchema = z.object({
  ...paging,
  userType: z.enum(USER_TYPES).optional(),
  status: z.enum(['active', 'suspended']).optional(),
});
export const adminUserSchema = z.object({
  ...accountFields,
  profileImages: z.array(z.string()),
  createdAt: z.iso.datetime(),
  suspended: z.boolean(),
  suspendedReason: z.string().nullable(),
});
export type AdminUser = z.output<typeof adminUserSchema>;
export const adminUsersSchema = z.object({ users: z.array(adminUserSchema), ...paged });

export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const adminVenuesQuerySchema = z.object({
  ...paging,
  approvalStatus: z.enum(APPROVAL_STATUSES).optional(),
  type: z.enum(['club', 'yacht']).optional(),
});
export const adminVenueSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  type: z.enum(['club', 'yacht']),
  subtype: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  imageUrl: z.string(),
  pricePerHour: z.string(),
  capacity: z.number().int(),
  isActive: z.boolean(),
  approvalStatus: z.enum(APPROVAL_STATUSES),
  owner: z.object({ id: z.uuid(), firstName: z.string(), lastName: z.string(), email: z.string() }),
});
export type AdminVenue = z.output<typeof adminVenueSchema>;
export const adminVenuesSchema = z.object({ venues: z.array(adminVenueSchema), ...paged });

export const ASSIGNMENT_STATUSES = ['proposed', 'accepted', 'declined', 'revoked'] as const;
export type AssignmentStatus = (typeof ASSIGNMENT_STATUSES)[number];
export const vipAssignmentSchema = z.object({
  id: z.uuid(),
  sectionId: z.uuid(),
  dancerId: z.uuid(),
  venueId: z.uuid(),
  entertainerUserId: z.uuid().nullable(),
  status: z.enum(ASSIGNMENT_STATUSES),
  createdAt: z.iso.datetime(),
  respondedAt: z.iso.datetime().nullable(),
  dancerName: z.string(),
  sectionName: z.string(),
  venueName: z.string(),
});
export type VipAssignment = z.output<typeof vipAssignmentSchema>;

export const adminVipRoomsQuerySchema = z.object({ ...paging, venueId: z.uuid().optional() });
export const adminVipRoomSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  type: z.string(),
  pricePerHour: z.string(),
  capacity: z.number().int(),
  isActive: z.boolean(),
  venue: z.object({ id: z.uuid(), name: z.string(), city: z.string(), state: z.string() }),
  /** The current (proposed or accepted) assignment, if any. */
  assignment: vipAssignmentSchema.nullable(),
});
export type AdminVipRoom = z.output<typeof adminVipRoomSchema>;
export const adminVipRoomsSchema = z.object({ vipRooms: z.array(adminVipRoomSchema), ...paged });

export const adminDancersQuerySchema = z.object({ ...paging, venueId: z.uuid().optional() });
export const adminDancerSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  venueId: z.uuid(),
  venueName: z.string(),
  entertainerUserId: z.uuid().nullable(),
  imageUrl: z.string(),
  priceModifier: z.string(),
  isAvailable: z.boolean(),
  isActive: z.boolean(),
});
export type AdminDancer = z.output<typeof adminDancerSchema>;
export const adminDancersSchema = z.object({ dancers: z.array(adminDancerSchema), ...paged });

export const venueApprovalParamsSchema = z.object({ venueId: z.uuid({ error: ADMIN_MESSAGES.venueNotFound }) });
export const venueApprovalInputSchema = z.object({
  status: z.enum(['approved', 'rejected'], { error: ADMIN_MESSAGES.status }),
});
export const venueApprovalResultSchema = z.object({ message: z.string(), venue: adminVenueSchema });

export const vipAssignmentInputSchema = z.object({
  sectionId: z.uuid({ error: ADMIN_MESSAGES.sectionId }),
  dancerId: z.uuid({ error: ADMIN_MESSAGES.dancerId }),
});
export const vipAssignmentResultSchema = z.object({ message: z.string(), assignment: vipAssignmentSchema });
export const assignmentIdParamsSchema = z.object({ id: z.uuid({ error: ADMIN_MESSAGES.assignmentNotFound }) });

export const adminUserIdParamsSchema = z.object({ userId: z.uuid({ error: ADMIN_MESSAGES.userNotFound }) });
export const suspensionInputSchema = z.object({
  reason: z
    .string({ error: ADMIN_MESSAGES.reason })
    .trim()
    .min(1, ADMIN_MESSAGES.reason)
    .max(500, ADMIN_MESSAGES.reason),
});

export const AUDIT_ACTIONS = [
  'venue.approve',
  'venue.reject',
  'vip-assignment.propose',
  'vip-assignment.revoke',
  'user.suspend',
  'user.reinstate',
  'report.resolve',
  'report.dismiss',
] as const;
export const auditEntrySchema = z.object({
  id: z.uuid(),
  adminId: z.uuid(),
  adminEmail: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  targetType: z.enum(['venue', 'vip-assignment', 'user', 'report']),
  targetId: z.uuid(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.iso.datetime(),
});
export type AuditEntry = z.output<typeof auditEntrySchema>;
export const auditQuerySchema = z.object({
  page: paging.page,
  pageSize: paging.pageSize,
  targetId: z.uuid().optional(),
});
export const auditLogSchema = z.object({ entries: z.array(auditEntrySchema), ...paged });

export const REPORT_STATUSES = ['open', 'resolved', 'dismissed'] as const;
export const adminReportsQuerySchema = z.object({
  page: paging.page,
  pageSize: paging.pageSize,
  status: z.enum(REPORT_STATUSES).optional(),
});
export const adminReportSchema = z.object({
  id: z.uuid(),
  kind: z.enum(['user', 'message']),
  reason: z.enum(REPORT_REASONS),
  details: z.string().nullable(),
  content: z.string().nullable(),
  status: z.enum(REPORT_STATUSES),
  createdAt: z.iso.datetime(),
  reporter: z.object({ id: z.uuid(), name: z.string() }),
  reported: z.object({ id: z.uuid(), name: z.string(), suspended: z.boolean() }),
});
export type AdminReport = z.output<typeof adminReportSchema>;
export const adminReportsSchema = z.object({ reports: z.array(adminReportSchema), ...paged });
export const reportIdParamsSchema = z.object({ id: z.uuid({ error: ADMIN_MESSAGES.reportNotFound }) });
export const reportDecisionInputSchema = z.object({
  status: z.enum(['resolved', 'dismissed'], { error: 'Status must be resolved or dismissed' }),
  note: z.string().trim().max(500).optional(),
});

/* ------------------------------------------------------------- entertainers */

export const ENTERTAINER_MESSAGES = {
  venueId: 'Please choose a venue',
  entertainersOnly: 'Only entertainers can ask to join a venue',
  venueNotFound: 'Venue not found',
  noEntertainers: 'Only strip clubs take entertainers',
  duplicate: 'You have already asked to join this venue',
  requestNotFound: 'Request not found',
  notPending: 'This request has already been answered',
  dancerNotFound: 'Dancer not found',
  dancerTaken: 'This dancer profile is already linked to an entertainer',
  assignmentNotFound: 'Assignment not found',
  notProposed: 'This assignment has already been answered',
  notRevocable: ADMIN_MESSAGES.notRevocable,
} as const;
export const REQUEST_STATUSES = ['pending', 'approved', 'declined'] as const;
export const entertainerRequestInputSchema = z.object({ venueId: z.uuid({ error: ENTERTAINER_MESSAGES.venueId }) });
export const entertainerRequestSchema = z.object({
  id: z.uuid(),
  entertainerUserId: z.uuid(),
  venueId: z.uuid(),
  venueName: z.string(),
  status: z.enum(REQUEST_STATUSES),
  createdAt: z.iso.datetime(),
  respondedAt: z.iso.datetime().nullable(),
  /** The dancer profile the approval linked. */
  dancerId: z.uuid().nullable(),
  entertainer: z.object({
    id: z.uuid(),
    firstName: z.string(),
    lastName: z.string(),
    profileImages: z.array(z.string()),
  }),
});
export type EntertainerRequest = z.output<typeof entertainerRequestSchema>;
export const requestIdParamsSchema = z.object({ id: z.uuid({ error: ENTERTAINER_MESSAGES.requestNotFound }) });
/** The owner approves by linking an existing dancer profile of the venue, or a new one in the entertainer's name. */
export const entertainerApprovalInputSchema = z.object({
  dancerId: z
    .uuid({ error: ENTERTAINER_MESSAGES.dancerNotFound })
    .nullable()
    .optional()
    .transform((v) => v ?? null),
});
