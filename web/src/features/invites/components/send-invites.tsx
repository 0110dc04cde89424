import { useId, useState } from 'react';
import type { Booking, MemberCardView } from '@luxe/contracts';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { toast } from '../../../components/ui/toast';
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
 * passes. A mutual like toasts "It's a Match!". Swipe and invite failures are only logged
 * (spec doc 1 §8): the deck moves on.
 */
export function SendInvites({ member, hostBookings }: { member: SendInvitesMember; hostBookings?: readonly Booking[] }) {
  const matches = usePotentialMatches(member.id, member.state);
  const swipe = useSwipe();
  const invite = useCreateInvite(member.id);
  const selectId = useId();
  const events = member.isHost ? inviteEventsOf(hostBookings ?? []) : [];
  const [picked, setPicked] = useState<string | null>(null);
  const chosen = picked !== null && (picked === NO_SPECIFIC_EVENT || events.some((e) => e.bookingId === picked)) ? picked : (events[0]?.bookingId ?? NO_SPECIFIC_EVENT);

  const onSwipe = (candidate: MemberCardView, direction: 'left' | 'right') => {
    const action = direction === 'right' ? 'like' : 'pass';
    swipe
      .mutateAsync({ userId: candidate.id, action })
      .then((result) => {
        if (result.match) toast({ ...MATCH_TOAST, description: `You and ${candidate.firstName} like each other.` });
      })
      .catch((error: unknown) => console.error(`Failed to ${action} ${candidate.firstName}`, error));
    if (action === 'like' && member.isHost) {
      const event = events.find((e) => e.bookingId === chosen);
      invite.mutateAsync(inviteInputFor(candidate.id, event, member.firstName)).catch((error: unknown) => console.error(`Failed to invite ${candidate.firstName}`, error));
    }
  };

  let deck;
  if (matches.isPending) deck = <DeckLoading text={member.isHost ? 'Loading guests...' : 'Loading hosts...'} />;
  else if (matches.isError) deck = <DeckError text="Error loading members. Please try again." onRetry={() => void matches.refetch()} />;
  else if (matches.data.length === 0)
    deck = (
      <DeckEmpty
        title={member.isHost ? 'No Guests Here Yet' : 'No Hosts Here Yet'}
        text={member.isHost ? 'No guests to invite in your area yet. Check back soon.' : 'No hosts in your area yet. Check back soon.'}
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
      {deck}
    </div>
  );
}
