import type { Conversation } from '@luxe/contracts';
import { formatInEst, formatTimeEst } from '../../lib/format';

/** A message or last-message time in New York, labelled EST (spec doc 1 §9): 'Jun 06, 10:00 PM EST'. */
export function formatMessageTime(iso: string): string {
  return `${formatInEst(iso, 'MMM dd')}, ${formatTimeEst(iso)}`;
}

/** The other party is labelled Guest for a host viewer and Host otherwise (spec doc 1 §2). */
export function otherPartyLabel(conversation: Pick<Conversation, 'viewerRole'>): 'Guest' | 'Host' {
  return conversation.viewerRole === 'host' ? 'Guest' : 'Host';
}

export function fullName(user: Pick<Conversation['otherUser'], 'firstName' | 'lastName'>): string {
  return `${user.firstName} ${user.lastName}`.trim();
}
