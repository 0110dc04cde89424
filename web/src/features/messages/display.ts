import type { Conversation } from '@luxe/contracts';
import { format, parseISO } from 'date-fns';
import { formatInEst, formatTimeEst } from '../../lib/format';

/** A message or last-message time in New York, labelled EST (docs/product.md#conventions-time): 'Jun 06, 10:00 PM EST'. */
export function formatMessageTime(iso: string): string {
  return `${formatInEst(iso, 'MMM dd')}, ${formatTimeEst(iso)}`;
}

/** The other party is labelled Guest for a host viewer and Host otherwise (docs/product.md#messaging-conversations). */
export function otherPartyLabel(conversation: Pick<Conversation, 'viewerRole'>): 'Guest' | 'Host' {
  return conversation.viewerRole === 'host' ? 'Guest' : 'Host';
}

export function fullName(user: Pick<Conversation['otherUser'], 'firstName' | 'lastName'>): string {
  return `${user.firstName} ${user.lastName}`.trim();
}

/**
 * What the conversation is about (one pair can have several:
 * docs/product.md#messaging-conversations): 'Velvet · Sat, Nov 28';
 * null when it was opened without an event.
 */
export function eventLabel(conversation: Pick<Conversation, 'event'>): string | null {
  const e = conversation.event;
  if (!e) return null;
  const day = /^\d{4}-\d{2}-\d{2}$/.test(e.date) ? format(parseISO(e.date), 'EEE, MMM d') : e.date;
  return `${e.title} · ${day}`;
}

/** The list's preview of the newest message: 'You: See you there' for the viewer's own. */
export function lastMessagePreview(conversation: Pick<Conversation, 'lastMessage' | 'otherUser'>): string | null {
  const m = conversation.lastMessage;
  if (!m) return null;
  return m.senderId === conversation.otherUser.id ? m.content : `You: ${m.content}`;
}
