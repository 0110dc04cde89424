import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import type { Conversation, Message } from '@luxe/contracts';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { threadOf, useMessages } from '../api/conversations';
import { eventLabel, formatMessageTime, fullName, otherPartyLabel } from '../display';
import { Avatar } from './avatar';
import { MessageComposer } from './message-composer';
import { QueryState } from '../../../components/query-state';
import { LoadMore, useLoadMore } from '../../../components/load-more';

/** The words of the thread's top while older messages are left (docs/product.md#messaging-conversations). */
export const EARLIER_TEXTS = {
  loadMore: 'Load earlier messages',
  loadingMore: 'Loading earlier messages...',
  error: 'Could not load earlier messages. Please try again.',
  shown: (count: number) => `${count} messages shown`,
} as const;

/**
 * What the app adds to a thread (the safety feature's Report and Block): actions on the other
 * participant in the header (`onBlocked` leaves the thread), and on each of their messages.
 */
export interface ThreadSlots {
  renderMemberActions?: (member: Conversation['otherUser'], options: { onBlocked: () => void }) => ReactNode;
  renderMessageActions?: (message: Message, conversation: Conversation) => ReactNode;
}

/**
 * One conversation: its messages oldest first (own on the right) and the composer. Mount it with
 * `key={conversation.id}` so that switching conversations starts afresh. The heading takes focus
 * when it opens; Back (narrow screens only) returns to the list. The newest page of messages comes
 * first, scrolled to its end; older pages come as the member scrolls to the top or presses "Load
 * earlier messages" there, the messages in view staying where they were.
 */
export function ConversationThread({
  userId,
  conversation,
  onBack,
  onBlocked,
  renderMemberActions,
  renderMessageActions,
}: { userId: string; conversation: Conversation; onBack: () => void; onBlocked?: () => void } & ThreadSlots) {
  const messages = useMessages(conversation.id);
  const thread = threadOf(messages.data);
  const name = fullName(conversation.otherUser);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const newest = thread?.at(-1);
  const pageCount = messages.data?.pages.length ?? 0;

  // The newest message when the thread opened is not announced; later ones are (older pages never).
  const [baseline, setBaseline] = useState<string | null | undefined>(undefined);
  if (thread && baseline === undefined) setBaseline(newest?.id ?? null);
  const latestNew = newest && baseline !== undefined && newest.id !== baseline ? newest : undefined;

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  // A message at the end (the first page, one sent or pushed): the view goes to it.
  useEffect(() => {
    const el = scrollRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [newest?.id]);

  // Older messages come in above: the view keeps its distance from the end, so what the member
  // reads stays put (measured when the page was asked for, set before the browser paints).
  const fromEnd = useRef<number | null>(null);
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (el && fromEnd.current !== null) el.scrollTop = el.scrollHeight - fromEnd.current;
    fromEnd.current = null;
  }, [pageCount]);

  // A keyboard user who pressed the button for the oldest page goes on in the thread it filled.
  const loadMore = useLoadMore(messages, scrollRef, thread?.length ?? 0, () => scrollRef.current?.focus());
  const loadEarlier = () => {
    const el = scrollRef.current;
    if (el) fromEnd.current = el.scrollHeight - el.scrollTop;
    loadMore();
  };

  return (
    <section aria-labelledby={`thread-${conversation.id}`} className="flex min-w-0 flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3 border-b border-white/10 pb-3">
        <Button
          type="button"
          variant="ghost"
          size="sm"
          onClick={onBack}
          aria-label="Back to conversations"
          className="-ml-2 px-3 md:hidden"
        >
          <span aria-hidden="true">←</span> Back
        </Button>
        <Avatar user={conversation.otherUser} className="h-10 w-10" />
        <div className="min-w-0">
          <h2
            id={`thread-${conversation.id}`}
            ref={headingRef}
            tabIndex={-1}
            className="truncate text-lg font-semibold text-white focus:outline-none focus-visible:outline-2 focus-visible:outline-gold-400"
          >
            {name}
          </h2>
          <p className="truncate text-xs text-gold-200">
            {[otherPartyLabel(conversation), eventLabel(conversation)].filter(Boolean).join(' · ')}
          </p>
        </div>
        {renderMemberActions ? (
          <div data-testid="thread-member-actions" className="w-full sm:ml-auto sm:w-auto">
            {renderMemberActions(conversation.otherUser, { onBlocked: onBlocked ?? onBack })}
          </div>
        ) : null}
      </div>

      <div
        ref={scrollRef}
        role="region"
        aria-label={`Messages with ${name}`}
        tabIndex={0}
        className="max-h-[55dvh] min-h-48 overflow-y-auto rounded-2xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-400"
      >
        <QueryState
          query={{
            ...messages,
            data: thread,
            // An older page that failed keeps the thread (and says so at its top).
            isError: messages.isError && !messages.isFetchNextPageError,
          }}
          loadingLabel="Loading messages..."
          skeletonClassName="p-1"
          errorText="Error loading messages. Please try again."
          errorLook="center"
          errorClassName="py-10"
          isEmpty={(data) => data.length === 0}
          empty={<p className="py-10 text-center text-sm text-neutral-300">No messages yet. Start the conversation!</p>}
        >
          {(data) => (
            <>
              {messages.isFetchNextPageError ? (
                <p role="alert" className="p-1 text-center text-sm text-red-300">
                  {EARLIER_TEXTS.error}
                </p>
              ) : null}
              {messages.hasNextPage ? (
                <div className="p-1">
                  <LoadMore
                    label={EARLIER_TEXTS.loadMore}
                    loadingLabel={EARLIER_TEXTS.loadingMore}
                    loading={messages.isFetchingNextPage}
                    auto={!messages.isFetchNextPageError}
                    grows="up"
                    onLoadMore={loadEarlier}
                  />
                </div>
              ) : null}
              <ol aria-label="Messages" className="flex flex-col gap-3 p-1">
                {data.map((m) => (
                  <MessageItem
                    key={m.id}
                    message={m}
                    own={m.senderId === userId}
                    otherName={conversation.otherUser.firstName}
                    actions={m.senderId !== userId ? renderMessageActions?.(m, conversation) : null}
                  />
                ))}
              </ol>
            </>
          )}
        </QueryState>
      </div>

      {/* Said once older pages came (the first page is what the thread opened with). */}
      <p role="status" className="sr-only">
        {pageCount > 1 && thread ? EARLIER_TEXTS.shown(thread.length) : ''}
      </p>

      <p aria-live="polite" data-testid="thread-announcer" className="sr-only">
        {latestNew ? announce(latestNew, userId, conversation.otherUser.firstName) : ''}
      </p>

      <MessageComposer userId={userId} conversationId={conversation.id} recipientName={name} />
    </section>
  );
}

function announce(message: Message, userId: string, otherName: string): string {
  return message.senderId === userId
    ? `Message sent: ${message.content}`
    : `New message from ${otherName}: ${message.content}`;
}

function MessageItem({
  message,
  own,
  otherName,
  actions,
}: {
  message: Message;
  own: boolean;
  otherName: string;
  actions?: ReactNode;
}) {
  return (
    <li
      data-testid="message"
      data-own={own}
      className={cn('flex max-w-[85%] flex-col gap-1', own ? 'items-end self-end' : 'items-start self-start')}
    >
      <span className="sr-only">{own ? 'You' : otherName}: </span>
      <p
        data-testid="message-content"
        className={cn(
          'rounded-2xl px-4 py-2 text-sm break-words whitespace-pre-wrap',
          own
            ? 'rounded-br-sm bg-gold-300 text-neutral-950'
            : 'rounded-bl-sm border border-white/10 bg-white/10 text-white',
        )}
      >
        {message.content}
      </p>
      <span className="flex items-center gap-1">
        <time dateTime={message.createdAt} data-testid="message-time" className="text-[11px] text-neutral-300">
          {formatMessageTime(message.createdAt)}
        </time>
        {actions}
      </span>
    </li>
  );
}
