import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import type { Booking, MemberCardView } from '@luxe/contracts';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { toast } from '../../../components/ui/toast';
import { serverMessage } from '../../../lib/api-client';
import { useCreateInvite } from '../api/invites';
import { usePotentialMatches, useSwipe } from '../api/swipes';
import { inviteEventsOf, inviteInputFor, NO_SPECIFIC_EVENT } from '../display';
import { DeckEmpty, DeckError, DeckLoading } from './deck-states';
import { MemberProfileDialog } from './member-profile-dialog';
import { SwipeDeck } from './swipe-deck';

export const MATCH_TOAST = { title: "It's a Match!" } as const;

export interface SendInvitesMember {
  id: string;
  firstName: string;
  state: string;
  isHost: boolean;
}

/**
 * Send Invites: the potential matches of the member's state (guests for a host, hosts for a
 * guest). Right (or Like) likes; for a host it also invites the guest to the event chosen in
 * 'Invite to' (an upcoming confirmed booking, or no specific event: tonight). Left (or Pass)
 * passes. A mutual like toasts "It's a Match!". The deck moves on at once; a host's like then
 * says whether the invite went ('Invite sent', or the server's reason: docs/product.md#social-invites), one toast
 * for the like and its invite. A guest's failed swipe is only logged
 * (docs/product.md#social-swipes).
 */
export function SendInvites({
  member,
  hostBookings,
}: {
  member: SendInvitesMember;
  hostBookings?: readonly Booking[];
}) {
  const matches = usePotentialMatches(member.id, member.state);
  const swipe = useSwipe();
  const invite = useCreateInvite(member.id);
  const selectId = useId();
  const events = member.isHost ? inviteEventsOf(hostBookings ?? []) : [];
  const [picked, setPicked] = useState<string | null>(null);
  // A mutual like opens the pair's conversation (docs/product.md#social-swipes): offered here until the next swipe.
  const [matchedWith, setMatchedWith] = useState<string | null>(null);
  const navigate = useNavigate();
  const chosen =
    picked !== null && (picked === NO_SPECIFIC_EVENT || events.some((e) => e.bookingId === picked))
      ? picked
      : (events[0]?.bookingId ?? NO_SPECIFIC_EVENT);

  const onSwipe = (candidate: MemberCardView, direction: 'left' | 'right') => {
    const action = direction === 'right' ? 'like' : 'pass';
    const name = candidate.firstName;
    setMatchedWith(null);
    const swiped = swipe.mutateAsync({ userId: candidate.id, action }).catch((error: unknown) => {
      console.error(`Failed to ${action} ${name}`, error);
      return null;
    });
    if (action !== 'like' || !member.isHost) {
      void swiped.then((result) => {
        if (result?.match) {
          toast({ ...MATCH_TOAST, description: `You and ${name} like each other.` });
          setMatchedWith(name);
        }
      });
      return;
    }
    const event = events.find((e) => e.bookingId === chosen);
    const invited = invite.mutateAsync(inviteInputFor(candidate.id, event, member.firstName)).then(
      () => null,
      (error: unknown) => {
        console.error(`Failed to invite ${name}`, error);
        return error ?? new Error('Invite failed');
      },
    );
    void Promise.all([swiped, invited]).then(([result, inviteError]) => {
      const where = event ? event.label : 'tonight';
      if (inviteError)
        toast({
          variant: 'destructive',
          title: 'Invite not sent',
          description: serverMessage(inviteError, `Could not invite ${name}. Please try again.`),
        });
      else if (result?.match) {
        toast({ ...MATCH_TOAST, description: `You and ${name} like each other. ${name} is invited to ${where}.` });
        setMatchedWith(name);
      } else toast({ title: 'Invite sent', description: `${name} is invited to ${where}.` });
    });
  };

  let deck;
  if (matches.isPending) deck = <DeckLoading text={member.isHost ? 'Loading guests...' : 'Loading hosts...'} />;
  else if (matches.isError)
    deck = <DeckError text="Error loading members. Please try again." onRetry={() => void matches.refetch()} />;
  else if (matches.data.length === 0)
    deck = (
      <DeckEmpty
        title={member.isHost ? 'No Guests Here Yet' : 'No Hosts Here Yet'}
        text={
          member.isHost
            ? 'No guests to invite in your area yet. Check back soon.'
            : 'No hosts in your area yet. Check back soon.'
        }
      />
    );
  else
    deck = (
      <SwipeDeck
        label={member.isHost ? 'Guests to invite' : 'Hosts'}
        items={matches.data}
        keyOf={(m) => m.id}
        memberOf={(m) => m}
        actions={{
          left: { text: 'Pass', name: (n) => `Pass on ${n}` },
          right: { text: 'Like', name: (n) => (member.isHost ? `Like and invite ${n}` : `Like ${n}`) },
        }}
        onSwipe={onSwipe}
        onRestart={() => undefined}
        renderProfile={(m, onClose) => <MemberProfileDialog member={m} onClose={onClose} />}
      />
    );

  return (
    <div className="flex flex-col gap-4">
      {member.isHost ? (
        <div>
          <Label htmlFor={selectId}>Invite to</Label>
          <Select id={selectId} value={chosen} onChange={(e) => setPicked(e.target.value)}>
            {events.map((e) => (
              <option key={e.bookingId} value={e.bookingId}>
                {e.label}
              </option>
            ))}
            <option value={NO_SPECIFIC_EVENT}>No specific event</option>
          </Select>
        </div>
      ) : null}
      {matchedWith ? (
        <div
          data-testid="match-offer"
          className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-gold-400/40 bg-gold-400/10 px-4 py-3"
        >
          <p className="text-sm text-gold-100">It's a match with {matchedWith}: your conversation is open.</p>
          <Button type="button" size="sm" onClick={() => navigate('/dashboard?tab=messages')}>
            Message {matchedWith}
          </Button>
        </div>
      ) : null}
      {deck}
    </div>
  );
}
