import { z } from 'zod';

/**
 * In-app notifications and their emails (docs/product.md#messaging-notifications):
 * one notification per recipient per fact,
 * written by the notifications service from the other services' events.
 */
export const NOTIFICATION_KINDS = [
  'booking-confirmed',
  'booking-cancelled',
  'booking-reminder',
  'refund-issued',
  'invite-received',
  'invite-accepted',
  'invite-declined',
  'join-request-received',
  'join-request-approved',
  'join-request-declined',
  'message-received',
  'venue-approved',
  'venue-rejected',
  'vip-assignment-proposed',
  'vip-assignment-answered',
  'account-suspended',
  'account-reinstated',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * The kinds a member may receive by email (each has a template); every other kind is in-app only.
 * Messages are emailed batched, only to members away for a while (MESSAGE_EMAIL_AFTER_MS without
 * an open live socket), never one email per message.
 */
export const EMAIL_KINDS = [
  'booking-confirmed',
  'booking-cancelled',
  'booking-reminder',
  'refund-issued',
  'invite-received',
  'join-request-approved',
  'join-request-declined',
  'message-received',
  'venue-approved',
  'venue-rejected',
  'account-suspended',
] as const satisfies readonly NotificationKind[];
export type EmailKind = (typeof EMAIL_KINDS)[number];

/**
 * Emails about the account itself, sent whatever the preferences say (the member asked for them):
 * no inbox notification, no unsubscribe link.
 */
export const ACCOUNT_EMAIL_KINDS = ['password-reset', 'email-verification'] as const;
export type AccountEmailKind = (typeof ACCOUNT_EMAIL_KINDS)[number];

/** What the settings list shows for each email kind. */
export const EMAIL_KIND_LABELS: Record<EmailKind, string> = {
  'booking-confirmed': 'Booking confirmed',
  'booking-cancelled': 'Booking cancelled',
  'booking-reminder': 'Booking reminders (a day and 2 hours before)',
  'refund-issued': 'Refund issued',
  'invite-received': 'Invite received',
  'join-request-approved': 'Join request approved',
  'join-request-declined': 'Join request declined',
  'message-received': 'New messages (while you are away)',
  'venue-approved': 'Venue approved',
  'venue-rejected': 'Venue rejected',
  'account-suspended': 'Account suspended',
};

export const NOTIFICATION_LIMITS = { pageSize: 50 } as const;
export const NOTIFICATION_MESSAGES = {
  notFound: 'Notification not found',
  page: 'Page must be a whole number from 1',
  pageSize: `Page size must be a whole number from 1 to ${NOTIFICATION_LIMITS.pageSize}`,
  kind: 'Unknown email kind',
  preference: 'Each preference must be true or false',
  unsubscribeToken: 'This unsubscribe link is not valid',
  mailboxOff: 'The demo mailbox exists only in the embedded demo',
} as const;

export const notificationSchema = z.object({
  id: z.uuid(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  /** The web route of what it is about (`/dashboard?tab=invites`). */
  link: z.string(),
  read: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type Notification = z.output<typeof notificationSchema>;

/** `GET /api/notifications?page=&pageSize=`: newest first. */
export const notificationsQuerySchema = z.object({
  page: z.coerce
    .number({ error: NOTIFICATION_MESSAGES.page })
    .int(NOTIFICATION_MESSAGES.page)
    .min(1, NOTIFICATION_MESSAGES.page)
    .max(100_000, NOTIFICATION_MESSAGES.page)
    .default(1),
  pageSize: z.coerce
    .number({ error: NOTIFICATION_MESSAGES.pageSize })
    .int(NOTIFICATION_MESSAGES.pageSize)
    .min(1, NOTIFICATION_MESSAGES.pageSize)
    .max(NOTIFICATION_LIMITS.pageSize, NOTIFICATION_MESSAGES.pageSize)
    .default(20),
});
export const notificationPageSchema = z.object({
  notifications: z.array(notificationSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  unreadCount: z.number().int(),
});
export type NotificationPage = z.output<typeof notificationPageSchema>;
export const unreadCountSchema = z.object({ unreadCount: z.number().int() });
export const notificationIdParamsSchema = z.object({ id: z.uuid({ error: NOTIFICATION_MESSAGES.notFound }) });

/** Per-member email preferences: every email kind, true when it is emailed (the default). */
export const emailPreferencesSchema = z.object(
  Object.fromEntries(EMAIL_KINDS.map((k) => [k, z.boolean()])) as Record<EmailKind, z.ZodBoolean>,
);
export type EmailPreferences = z.output<typeof emailPreferencesSchema>;
/** `PUT /api/notifications/preferences`: the kinds to change (others stay as they are). */
export const emailPreferencesInputSchema = z.strictObject(
  Object.fromEntries(
    EMAIL_KINDS.map((k) => [k, z.boolean({ error: NOTIFICATION_MESSAGES.preference }).optional()]),
  ) as Record<EmailKind, z.ZodOptional<z.ZodBoolean>>,
  { error: (i) => (i.code === 'unrecognized_keys' ? NOTIFICATION_MESSAGES.kind : undefined) },
);
export type EmailPreferencesInput = z.input<typeof emailPreferencesInputSchema>;

/** `POST /api/notifications/unsubscribe`: the link of an email (the member's unsubscribe token and the kind). */
export const unsubscribeInputSchema = z.object({
  token: z
    .string({ error: NOTIFICATION_MESSAGES.unsubscribeToken })
    .regex(/^[A-Za-z0-9_-]{20,100}$/, NOTIFICATION_MESSAGES.unsubscribeToken),
  kind: z.enum(EMAIL_KINDS, { error: NOTIFICATION_MESSAGES.kind }),
});

/** An email as the embedded demo's mailbox shows it (the stream transport's copy). */
export const demoEmailSchema = z.object({
  id: z.uuid(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  sentAt: z.iso.datetime(),
});
export const demoMailboxSchema = z.object({ emails: z.array(demoEmailSchema) });
export type DemoEmail = z.output<typeof demoEmailSchema>;

/** Pushed over `/api/realtime` to the recipient's open sessions when a notification is written. */
export const realtimeNotificationSchema = z.object({
  type: z.literal('notification'),
  notification: notificationSchema,
});
export type RealtimeNotification = z.output<typeof realtimeNotificationSchema>;
/** Pushed when some of his notifications became read elsewhere (a thread read): the bell shows the new count. */
export const realtimeNotificationsReadSchema = z.object({
  type: z.literal('notifications-read'),
  unreadCount: z.number().int().min(0),
});
export type RealtimeNotificationsRead = z.output<typeof realtimeNotificationsReadSchema>;
