import { z } from 'zod';
import type { RealtimeNotification, RealtimeNotificationsRead } from './notifications';

/** Messages (docs/product.md#messaging-conversations). */
export const MESSAGE_LIMITS = { content: 1000 } as const;
export const MESSAGE_MESSAGES = {
  empty: 'Message cannot be empty',
  tooLong: 'Message too long',
  conversationId: 'Conversation not found',
  notYours: 'Only your own conversations',
  unavailable: 'This conversation is no longer available',
  messageNotFound: 'Message not found',
  ownMessage: 'You cannot report your own message',
} as const;

/** `POST /api/conversations/{id}/messages`: the sender is the session's user (a `senderId` sent is ignored). */
export const messageInputSchema = z.object({
  content: z
    .string({ error: MESSAGE_MESSAGES.empty })
    .trim()
    .min(1, MESSAGE_MESSAGES.empty)
    .max(MESSAGE_LIMITS.content, MESSAGE_MESSAGES.tooLong),
});
export type MessageInput = z.input<typeof messageInputSchema>;

export const messageSchema = z.object({
  id: z.uuid(),
  conversationId: z.uuid(),
  senderId: z.uuid(),
  content: z.string(),
  read: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type Message = z.output<typeof messageSchema>;

/** A conversation as its participant sees it (docs/product.md#messaging-conversations): the other user, unread count, last message time. */
export const conversationSchema = z.object({
  id: z.uuid(),
  hostId: z.uuid(),
  guestId: z.uuid(),
  bookingId: z.uuid().nullable(),
  lastMessageAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  unreadCount: z.number().int(),
  /** The viewer's side: the other party is labelled Guest for a host viewer and Host otherwise. */
  viewerRole: z.enum(['host', 'guest']),
  otherUser: z.object({
    id: z.uuid(),
    firstName: z.string(),
    lastName: z.string(),
    profileImages: z.array(z.string()),
  }),
  /**
   * The event the conversation is about
   * (a pair can talk about several: docs/product.md#messaging-conversations): the invite's
   * title or the venue's name, and its day (YYYY-MM-DD). Null: opened without an event, or before
   * messaging kept it.
   */
  event: z.object({ title: z.string(), date: z.string() }).nullable(),
  /** The newest message, for the list's preview (null: none yet). */
  lastMessage: z.object({ senderId: z.uuid(), content: z.string(), createdAt: z.iso.datetime() }).nullable(),
});
export type Conversation = z.output<typeof conversationSchema>;
export const conversationIdParamsSchema = z.object({ id: z.uuid({ error: MESSAGE_MESSAGES.conversationId }) });

/** What the gateway pushes over `/api/realtime` to a recipient's open sessions. */
export const realtimeMessageSchema = z.object({
  type: z.literal('message-sent'),
  conversationId: z.uuid(),
  message: messageSchema,
});
export type RealtimeMessage = z.output<typeof realtimeMessageSchema>;
/** Also pushed: a new conversation of the user (an invite accepted, a join request approved). */
export const realtimeConversationSchema = z.object({
  type: z.literal('conversation-opened'),
  conversationId: z.uuid(),
});
export type RealtimeConversation = z.output<typeof realtimeConversationSchema>;
/** And a new notification of the user (docs/product.md#messaging-notifications): the bell counts it. */
export type RealtimePush = RealtimeMessage | RealtimeConversation | RealtimeNotification | RealtimeNotificationsRead;
export const messageIdParamsSchema = z.object({
  id: z.uuid({ error: MESSAGE_MESSAGES.conversationId }),
  messageId: z.uuid({ error: MESSAGE_MESSAGES.messageNotFound }),
});
