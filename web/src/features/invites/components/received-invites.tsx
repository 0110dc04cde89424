import { useState } from 'react';
import type { Invite } from '@luxe/contracts';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { serverMessage } from '../../../lib/api-client';
import { LoadMore, moreTexts } from '../../../components/load-more';
import { useReceivedInvitePages, useRespondToInvite } from '../api/invites';
import { inviteWhen, pendingInvites } from '../display';
import { DeckEmpty, DeckError, DeckLoading } from './deck-states';
import { MemberProfileDialog } from './member-profile-dialog';
import { SwipeDeck } from './swipe-deck';

function InviteDetails({ invite }: { invite: Invite }) {
  return (
    <div className="rounded-2xl border border-gold-400/30 bg-gold-400/10 px-4 py-3">
      <p className="text-xs font-semibold tracking-wider text-gold-300 uppercase">Invites you to</p>
      <p data-testid="invite-event" className="font-semibold break-words text-white">
        {invite.eventTitle}
      </p>
      <p data-testid="invite-time" className="text-sm text-gold-200">
        {inviteWhen(invite)}
      </p>
    </div>
  );
}

/**
 * Received: the member's pending invites as a deck of the inviting hosts' cards; right (or
 * Accept) accepts, left (or Decline) declines. The deck moves on at once; a toast then says how
 * the answer went (docs/product.md#social-invites), a refusal with the server's reason. Answered invites leave
 * the deck the next time it restarts. The invites come a page at a time: after the last card of
 * those read, the next page (by itself as it comes into view, or with "Load more invites"), whose
 * pending invites join the end of the deck.
 */
export function ReceivedInvites({
  userId,
  isHost,
  onStartInviting,
  onDiscoverEvents,
  onAccepted,
}: {
  userId: string;
  isHost: boolean;
  onStartInviting: () => void;
  onDiscoverEvents: () => void;
  /** Accepting opens a conversation with the host: whoever shows conversations may read them again. */
  onAccepted?: (invite: Invite) => void;
}) {
  const received = useReceivedInvitePages(userId);
  const respond = useRespondToInvite(userId);
  // The deck stays as it was when the first answer was given (the list is read again after each);
  // the pending invites of pages read since join its end.
  const [frozen, setFrozen] = useState<Invite[] | null>(null);
  const [answered, setAnswered] = useState<ReadonlySet<string>>(() => new Set());

  if (received.isPending) return <DeckLoading text="Loading invites..." />;
  if (received.isError && !received.isFetchNextPageError)
    return <DeckError text="Error loading invites. Please try again." onRetry={() => void received.refetch()} />;

  const pending = pendingInvites(received.data.pages.flatMap((p) => p.items)).filter((i) => !answered.has(i.id));
  const inDeck = new Set(frozen?.map((i) => i.id));
  const deck = frozen ? [...frozen, ...pending.filter((i) => !inDeck.has(i.id))] : pending;
  const more = moreTexts('invites');
  const nextPage = received.hasNextPage ? (
    <>
      {received.isFetchNextPageError ? (
        <p role="alert" className="text-sm text-red-300">
          {more.error}
        </p>
      ) : null}
      <LoadMore
        label={more.loadMore}
        loadingLabel={more.loadingMore}
        loading={received.isFetchingNextPage}
        auto={!received.isFetchNextPageError}
        onLoadMore={() => void received.fetchNextPage()}
      />
    </>
  ) : undefined;
  if (deck.length === 0 && !nextPage) {
    return (
      <DeckEmpty
        title="No Invites Yet"
        text={
          isHost
            ? 'Invite guests to your events; invites other hosts send you show up here too.'
            : 'When a host invites you to an event, it shows up here.'
        }
        action={
          isHost ? (
            <Button type="button" onClick={onStartInviting}>
              Start Inviting Guests
            </Button>
          ) : (
            <Button type="button" onClick={onDiscoverEvents}>
              Discover Events
            </Button>
          )
        }
      />
    );
  }

  return (
    <SwipeDeck
      label="Received invites"
      items={deck}
      keyOf={(i) => i.id}
      memberOf={(i) => i.host}
      details={(i) => <InviteDetails invite={i} />}
      actions={{
        left: { text: 'Decline', name: (n) => `Decline invite from ${n}` },
        right: { text: 'Accept', name: (n) => `Accept invite from ${n}` },
      }}
      onSwipe={(invite, direction) => {
        setFrozen(deck);
        setAnswered((a) => new Set(a).add(invite.id));
        const response = direction === 'right' ? 'accept' : 'decline';
        respond
          .mutateAsync({ id: invite.id, response })
          .then(() => {
            if (response === 'accept') {
              onAccepted?.(invite);
              toast({
                title: 'Invite accepted',
                description: `You're going to ${invite.eventTitle}. Your conversation with ${invite.host.firstName} is in Messages.`,
              });
            } else
              toast({
                title: 'Invite declined',
                description: `${invite.host.firstName}'s invite to ${invite.eventTitle} was declined.`,
              });
          })
          .catch((error: unknown) => {
            console.error(`Failed to ${response} the invite`, error);
            toast({
              variant: 'destructive',
              title: response === 'accept' ? 'Invite not accepted' : 'Invite not declined',
              description: serverMessage(error, 'Please try again.'),
            });
          });
      }}
      onRestart={() => setFrozen(null)}
      more={nextPage}
      renderProfile={(i, onClose) => (
        <MemberProfileDialog member={i.host} friends={{ count: i.friendCount, avatars: i.friends }} onClose={onClose} />
      )}
    />
  );
}
