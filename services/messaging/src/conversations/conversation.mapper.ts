import type { Conversation, Message } from '@luxe/contracts';
import type { UserCard } from '../user-cards/user-card.entity';
import type { ConversationEntity, MessageEntity } from './conversation.entity';

export const toMessage = (m: MessageEntity): Message => ({
  id: m.id,
  conversationId: m.conversationId,
  senderId: m.senderId,
  content: m.content,
  read: m.read,
  createdAt: new Date(m.createdAt).toISOString(),
});

const lastOf = (m: MessageEntity | undefined) =>
  m ? { senderId: m.senderId, content: m.content, createdAt: new Date(m.createdAt).toISOString() } : null;

/**
 * A conversation as `viewerId` (one of its two participants) sees it: the other one's card (a
 * stand-in name before it arrives), his unread count and the newest message.
 */
export function toConversation(
  c: ConversationEntity,
  viewerId: string,
  other: UserCard | undefined,
  unreadCount: number,
  last: MessageEntity | undefined,
): Conversation {
  const host = c.hostId === viewerId;
  return {
    id: c.id,
    hostId: c.hostId,
    guestId: c.guestId,
    bookingId: c.bookingId,
    lastMessageAt: c.lastMessageAt ? new Date(c.lastMessageAt).toISOString() : null,
    createdAt: new Date(c.createdAt).toISOString(),
    unreadCount,
    viewerRole: host ? 'host' : 'guest',
    otherUser: {
      id: host ? c.guestId : c.hostId,
      firstName: other?.firstName ?? (host ? 'Guest' : 'Host'),
      lastName: other?.lastName ?? '',
      profileImages: other?.profileImages ?? [],
    },
    event: c.eventTitle && c.eventDate ? { title: c.eventTitle, date: c.eventDate } : null,
    lastMessage: lastOf(last),
  };
}
