import type { Ref } from 'react';
import type { Conversation } from '@luxe/contracts';
import { cn } from '../../../lib/cn';
import { eventLabel, formatMessageTime, fullName, lastMessagePreview, otherPartyLabel } from '../display';
import { Avatar } from './avatar';

/** The member's conversations, newest first as the server sends them. */
export function ConversationList({
  conversations,
  selectedId,
  onSelect,
  ref,
}: {
  conversations: Conversation[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  ref?: Ref<HTMLUListElement>;
}) {
  return (
    <ul ref={ref} aria-label="Conversations" className="flex flex-col gap-2">
      {conversations.map((c) => {
        const selected = c.id === selectedId;
        // The name holds the visible text in its order (WCAG 2.5.3 Label in Name: what a voice user
        // reads out works); the spaces between the spans keep the words apart in that text.
        const time = c.lastMessageAt ? formatMessageTime(c.lastMessageAt) : 'No messages yet';
        const event = eventLabel(c);
        const preview = lastMessagePreview(c);
        const label = [
          fullName(c.otherUser),
          otherPartyLabel(c),
          event,
          preview,
          time,
          c.unreadCount > 0 ? `${c.unreadCount} unread` : null,
        ]
          .filter(Boolean)
          .join(', ');
        return (
          <li key={c.id}>
            <button
              type="button"
              data-testid="conversation"
              data-conversation-id={c.id}
              aria-label={label}
              aria-current={selected ? 'true' : undefined}
              onClick={() => onSelect(c.id)}
              className={cn(
                'flex w-full items-center gap-3 rounded-2xl border p-3 text-left transition-colors',
                'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-400',
                selected ? 'border-gold-400/60 bg-gold-400/10' : 'border-white/10 bg-neutral-900/70 hover:bg-white/5',
              )}
            >
              <Avatar user={c.otherUser} />
              <span className="flex min-w-0 flex-1 flex-col gap-0.5">
                <span className="flex min-w-0 items-center gap-2">
                  <span data-testid="conversation-name" className="truncate font-semibold text-white">
                    {fullName(c.otherUser)}
                  </span>{' '}
                  <span
                    data-testid="conversation-role"
                    className="shrink-0 rounded-full border border-gold-400/50 px-2 py-0.5 text-[11px] font-medium text-gold-200"
                  >
                    {otherPartyLabel(c)}
                  </span>
                </span>{' '}
                {event ? (
                  <span data-testid="conversation-event" className="truncate text-xs font-medium text-gold-200">
                    {event}
                  </span>
                ) : null}
                {event ? ' ' : null}
                {preview ? (
                  <span data-testid="conversation-preview" className="truncate text-sm text-neutral-200">
                    {preview}
                  </span>
                ) : null}
                {preview ? ' ' : null}
                <span data-testid="conversation-time" className="truncate text-xs text-neutral-300">
                  {c.lastMessageAt ? (
                    <time dateTime={c.lastMessageAt}>{formatMessageTime(c.lastMessageAt)}</time>
                  ) : (
                    'No messages yet'
                  )}
                </span>
              </span>{' '}
              {c.unreadCount > 0 ? (
                <span
                  data-testid="unread-badge"
                  className="inline-flex h-6 min-w-6 shrink-0 items-center justify-center rounded-full bg-gold-400 px-2 text-xs font-bold text-neutral-950"
                >
                  {c.unreadCount}
                </span>
              ) : null}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
