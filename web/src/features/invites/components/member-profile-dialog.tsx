import { useId } from 'react';
import type { Attendees, MemberCardView } from '@luxe/contracts';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { VerifiedBadge } from '../../../components/verified-badge';
import { ageOf, placeOf } from '../display';

/** Friends joining an invite's event: the count and up to 3 avatars. */
export interface FriendsJoining {
  count: number;
  avatars: Attendees['avatars'];
}

function FriendTile({ friend }: { friend: FriendsJoining['avatars'][number] }) {
  return (
    <li className="flex min-w-0 flex-col items-center gap-2 rounded-2xl border border-white/10 bg-white/[0.03] p-3 text-center">
      {friend.image ? (
        <img src={friend.image} alt="" className="h-12 w-12 rounded-full object-cover ring-2 ring-gold-400/60" />
      ) : (
        <span
          aria-hidden="true"
          className="grid h-12 w-12 place-items-center rounded-full bg-gold-400 text-lg font-semibold text-neutral-950"
        >
          {friend.firstName.charAt(0).toUpperCase() || '?'}
        </span>
      )}
      <span className="w-full truncate text-xs text-neutral-200">{friend.firstName}</span>
    </li>
  );
}

/**
 * View Profile (docs/product.md#social-invites): the member's About text and, for an invite, the
 * friends joining its event (the count and their tiles).
 */
export function MemberProfileDialog({
  member,
  friends,
  onClose,
}: {
  member: MemberCardView;
  friends?: FriendsJoining;
  onClose: () => void;
}) {
  const aboutId = useId();
  const friendsId = useId();
  const photo = member.profileImages[0];
  return (
    <Dialog title={`${member.firstName}'s Profile`} onClose={onClose}>
      <div className="flex items-center gap-4">
        {photo ? (
          <img
            src={photo}
            alt={`${member.firstName}, main photo`}
            className="h-16 w-16 shrink-0 rounded-full object-cover ring-2 ring-gold-400/60"
          />
        ) : (
          <span
            aria-hidden="true"
            className="grid h-16 w-16 shrink-0 place-items-center rounded-full bg-gold-400 text-2xl font-semibold text-neutral-950"
          >
            {member.firstName.charAt(0).toUpperCase() || '?'}
          </span>
        )}
        <div className="min-w-0">
          <p className="font-semibold break-words text-white">
            {member.firstName}, {ageOf(member)}
          </p>
          <p className="text-sm text-neutral-300">{placeOf(member)}</p>
          <VerifiedBadge verified={member.verified} className="mt-1" />
        </div>
      </div>

      <section aria-labelledby={aboutId}>
        <h3 id={aboutId} className="mb-1 text-sm font-semibold tracking-wider text-gold-300 uppercase">
          About
        </h3>
        <p data-testid="profile-about" className="break-words whitespace-pre-line text-neutral-200">
          {member.bio?.trim() || `${member.firstName} has not written a bio yet.`}
        </p>
      </section>

      {friends ? (
        <section aria-labelledby={friendsId}>
          <h3 id={friendsId} className="mb-2 text-sm font-semibold tracking-wider text-gold-300 uppercase">
            Friends Joining
          </h3>
          <ul className="grid grid-cols-2 gap-2 min-[360px]:grid-cols-4">
            <li className="flex flex-col items-center justify-center gap-1 rounded-2xl border border-gold-400/40 bg-gold-400/10 p-3 text-center">
              <span data-testid="friends-count" className="text-2xl font-semibold text-gold-200">
                {friends.count}
              </span>
              <span className="text-xs text-neutral-200">{friends.count === 1 ? 'friend' : 'friends'}</span>
            </li>
            {friends.avatars.map((f) => (
              <FriendTile key={f.id} friend={f} />
            ))}
          </ul>
        </section>
      ) : null}

      <Button type="button" variant="secondary" onClick={onClose}>
        Close
      </Button>
    </Dialog>
  );
}
