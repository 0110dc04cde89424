import { z } from 'zod';
import { AUTH_ERRORS } from '../errors/auth';
import { REQUEST_ERRORS } from '../errors/common';
import { MESSAGING_ERRORS } from '../errors/messaging';
import {
  conversationIdParamsSchema,
  conversationSchema,
  messageIdParamsSchema,
  messageInputSchema,
  messageSchema,
} from '../messaging';
import { memberListQuerySchema, reportInputSchema, reportSchema } from '../social';
import { defineRoute } from './route';

/**
 * Conversations (docs/product.md#messaging-conversations). A conversation is opened for the host
 * and the guest when a join request is approved; only its two participants read or write it.
 */
export const conversationRoutes = {
  list: defineRoute({
    id: 'conversations.list',
    method: 'GET',
    path: '/api/conversations/:id',
    service: 'messaging',
    access: 'member',
    summary: "The signed-in user's conversations (the id is the user's own), newest first, with unread counts",
    params: z.object({ id: z.uuid({ error: 'Not a valid user id' }) }),
    response: z.array(conversationSchema),
    errors: [AUTH_ERRORS.UNAUTHENTICATED, MESSAGING_ERRORS.NOT_YOURS],
  }),
  messages: defineRoute({
    id: 'conversations.messages',
    method: 'GET',
    path: '/api/conversations/:id/messages',
    service: 'messaging',
    access: 'member',
    summary:
      "A conversation's messages, oldest first (its participants only): every one without `?limit=`; with it the newest ones (still oldest first), the cursor of those before them in X-Next-Cursor",
    params: conversationIdParamsSchema,
    query: memberListQuerySchema,
    response: z.array(messageSchema),
    paged: true,
    errors: [AUTH_ERRORS.UNAUTHENTICATED, MESSAGING_ERRORS.CONVERSATION_NOT_FOUND],
  }),
  send: defineRoute({
    id: 'conversations.send',
    method: 'POST',
    path: '/api/conversations/:id/messages',
    service: 'messaging',
    access: 'member',
    rateLimit: 'member-messages',
    summary: 'Send a message (trimmed, 1 to 1000 characters; the sender is the session user)',
    params: conversationIdParamsSchema,
    body: messageInputSchema,
    response: messageSchema,
    status: 201,
    errors: [AUTH_ERRORS.UNAUTHENTICATED, MESSAGING_ERRORS.CONVERSATION_NOT_FOUND, MESSAGING_ERRORS.UNAVAILABLE],
  }),
  reportMessage: defineRoute({
    id: 'conversations.reportMessage',
    method: 'POST',
    path: '/api/conversations/:id/messages/:messageId/report',
    service: 'messaging',
    access: 'member',
    rateLimit: 'member-reports',
    summary: "Report the other participant's message with a reason (also in a blocked conversation; kept for admins)",
    params: messageIdParamsSchema,
    body: reportInputSchema,
    response: reportSchema,
    status: 201,
    errors: [
      AUTH_ERRORS.UNAUTHENTICATED,
      MESSAGING_ERRORS.CONVERSATION_NOT_FOUND,
      MESSAGING_ERRORS.MESSAGE_NOT_FOUND,
      MESSAGING_ERRORS.OWN_MESSAGE,
    ],
  }),
  read: defineRoute({
    id: 'conversations.read',
    method: 'POST',
    path: '/api/conversations/:id/read',
    service: 'messaging',
    access: 'member',
    summary: "Mark the other participant's messages read for the caller",
    params: conversationIdParamsSchema,
    response: z.object({ unreadCount: z.number().int() }),
    errors: [AUTH_ERRORS.UNAUTHENTICATED, MESSAGING_ERRORS.CONVERSATION_NOT_FOUND],
  }),
} as const;

/** Real time: the gateway pushes new messages to the recipient's open browser sessions. */
export const realtimeRoutes = {
  connect: defineRoute({
    id: 'realtime.connect',
    method: 'GET',
    path: '/api/realtime',
    service: 'messaging',
    access: 'member',
    summary:
      'WebSocket (upgrade): new messages for the signed-in user, as {type: "message-sent", conversationId, message}, new conversations, and new notifications as {type: "notification", notification}',
    response: z.null(),
    status: 101,
    errors: [AUTH_ERRORS.UNAUTHENTICATED, REQUEST_ERRORS.UPGRADE_REQUIRED],
    gatewayHandler: true,
    websocket: true,
  }),
} as const;
