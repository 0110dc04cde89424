import { z } from 'zod';
import { AUTH_ERRORS } from '../errors/auth';
import { NOTIFICATION_ERRORS } from '../errors/notifications';
import {
  demoMailboxSchema,
  emailPreferencesInputSchema,
  emailPreferencesSchema,
  notificationIdParamsSchema,
  notificationPageSchema,
  notificationSchema,
  notificationsQuerySchema,
  unreadCountSchema,
  unsubscribeInputSchema,
} from '../notifications';
import { defineRoute } from './route';

/**
 * The member's notifications (docs/product.md#messaging-notifications):
 * his own only, the session's user (no id in the path to
 * get wrong), newest first. New ones are also pushed over `/api/realtime`.
 */
export const notificationRoutes = {
  list: defineRoute({
    id: 'notifications.list',
    method: 'GET',
    path: '/api/notifications',
    service: 'notifications',
    access: 'member',
    summary:
      "The signed-in member's notifications, newest first, paged (`?page=&pageSize=`, at most 50), with the unread count",
    query: notificationsQuerySchema,
    response: notificationPageSchema,
    errors: [AUTH_ERRORS.UNAUTHENTICATED],
  }),
  unreadCount: defineRoute({
    id: 'notifications.unreadCount',
    method: 'GET',
    path: '/api/notifications/unread-count',
    service: 'notifications',
    access: 'member',
    summary: "How many of the signed-in member's notifications are unread (the bell's badge)",
    response: unreadCountSchema,
    errors: [AUTH_ERRORS.UNAUTHENTICATED],
  }),
  read: defineRoute({
    id: 'notifications.read',
    method: 'POST',
    path: '/api/notifications/:id/read',
    service: 'notifications',
    access: 'member',
    summary: 'Mark one of the member\'s notifications read (another member\'s is "not found")',
    params: notificationIdParamsSchema,
    response: notificationSchema,
    errors: [AUTH_ERRORS.UNAUTHENTICATED, NOTIFICATION_ERRORS.NOT_FOUND],
  }),
  readAll: defineRoute({
    id: 'notifications.readAll',
    method: 'POST',
    path: '/api/notifications/read-all',
    service: 'notifications',
    access: 'member',
    summary: "Mark every one of the member's notifications read",
    response: unreadCountSchema,
    errors: [AUTH_ERRORS.UNAUTHENTICATED],
  }),
  preferences: defineRoute({
    id: 'notifications.preferences',
    method: 'GET',
    path: '/api/notifications/preferences',
    service: 'notifications',
    access: 'member',
    summary: 'Which kinds of email the member receives (every kind, true unless he turned it off)',
    response: emailPreferencesSchema,
    errors: [AUTH_ERRORS.UNAUTHENTICATED],
  }),
  setPreferences: defineRoute({
    id: 'notifications.setPreferences',
    method: 'PUT',
    path: '/api/notifications/preferences',
    service: 'notifications',
    access: 'member',
    summary: 'Turn kinds of email on or off (the kinds sent change; the others stay)',
    body: emailPreferencesInputSchema,
    response: emailPreferencesSchema,
    errors: [AUTH_ERRORS.UNAUTHENTICATED],
  }),
  unsubscribe: defineRoute({
    id: 'notifications.unsubscribe',
    method: 'POST',
    path: '/api/notifications/unsubscribe',
    service: 'notifications',
    access: 'public',
    summary:
      "An email's unsubscribe link: that kind of email is no longer sent to its member (no sign-in: the link's token is the member's)",
    body: unsubscribeInputSchema,
    response: z.object({ kind: unsubscribeInputSchema.shape.kind }),
    errors: [NOTIFICATION_ERRORS.UNSUBSCRIBE_TOKEN],
  }),
  demoMailbox: defineRoute({
    id: 'notifications.demoMailbox',
    method: 'GET',
    path: '/api/demo/mailbox',
    service: 'notifications',
    access: 'public',
    summary:
      'The embedded demo\'s mailbox: the latest emails sent (the demo keeps them instead of sending); "not found" anywhere else',
    response: demoMailboxSchema,
    errors: [NOTIFICATION_ERRORS.MAILBOX_OFF],
  }),
} as const;
