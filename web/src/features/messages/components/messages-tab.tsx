import { useEffect, useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { cn } from '../../../lib/cn';
import { useConversations, useMarkConversationRead } from '../api/conversations';
import { ConversationList } from './conversation-list';
import { ConversationThread, type ThreadSlots } from './conversation-thread';
import { ListSkeleton } from '../../../components/ui/list-skeleton';
import { QueryError } from '../../../components/query-state';

/**
 * The Messages tab (docs/product.md#messaging-conversations): the conversation list and the
 * selected thread, side by side on wide screens and one at a time (with Back) on narrow ones.
 * Opening a conversation with unread messages marks it read. Nothing polls: a real-time push calls
 * `receiveMessage` (see ../api/conversations.ts). `slots` carry the app's Report and Block
 * (see ThreadSlots).
 */
export function MessagesTab({ userId, ...slots }: { userId: string } & ThreadSlots) {
  const conversations = useConversations(userId);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const { mutate: markRead } = useMarkConversationRead(userId);
  const listRef = useRef<HTMLUListElement>(null);
  const selected = conversations.data?.find((c) => c.id === selectedId) ?? null;
  const unread = selected?.unreadCount ?? 0;

  // Also covers a push that brings new messages into the open conversation.
  useEffect(() => {
    if (selectedId && unread > 0) markRead(selectedId);
  }, [selectedId, unread, markRead]);

  const back = () => {
    const id = selectedId;
    flushSync(() => setSelectedId(null));
    listRef.current?.querySelector<HTMLButtonElement>(`[data-conversation-id="${id}"]`)?.focus();
  };

  // The blocked member's conversation has left the list (read again before this runs).
  const leaveBlocked = () => {
    flushSync(() => setSelectedId(null));
    listRef.current?.querySelector<HTMLButtonElement>('[data-conversation-id]')?.focus();
  };

  if (conversations.isPending) {
    return <ListSkeleton label="Loading conversations..." />;
  }
  if (conversations.isError) {
    return (
      <Box>
        <QueryError
          look="center"
          text="Error loading messages. Please try again."
          onRetry={() => void conversations.refetch()}
        />
      </Box>
    );
  }
  if (conversations.data.length === 0) {
    return (
      <Box>
        <div className="flex flex-col items-center gap-2 text-center">
          <h2 className="text-lg font-semibold text-white">No Messages Yet</h2>
          <p className="text-sm text-neutral-300">
            Your conversations will appear here after you accept an invite or a join request is approved.
          </p>
        </div>
      </Box>
    );
  }

  return (
    <div className="md:grid md:grid-cols-[15rem_minmax(0,1fr)] md:gap-4">
      <div className={cn(selected && 'hidden md:block')} data-testid="conversation-pane">
        <h2 className="sr-only">Conversations</h2>
        <ConversationList
          ref={listRef}
          conversations={conversations.data}
          selectedId={selected?.id ?? null}
          onSelect={setSelectedId}
        />
      </div>
      <div
        className={cn('rounded-3xl border border-white/10 bg-neutral-900/70 p-4', !selected && 'hidden md:block')}
        data-testid="thread-pane"
      >
        {selected ? (
          <ConversationThread
            key={selected.id}
            userId={userId}
            conversation={selected}
            onBack={back}
            onBlocked={leaveBlocked}
            {...slots}
          />
        ) : (
          <div className="flex h-full min-h-48 flex-col items-center justify-center gap-2 text-center">
            <h2 className="text-lg font-semibold text-white">Select a Conversation</h2>
            <p className="text-sm text-neutral-300">Choose a conversation to read and reply.</p>
          </div>
        )}
      </div>
    </div>
  );
}

function Box({ children }: { children: ReactNode }) {
  return <section className="rounded-3xl border border-white/10 bg-neutral-900/70 px-6 py-10">{children}</section>;
}
