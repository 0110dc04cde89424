import type { Booking, Invite } from '@luxe/contracts';
import type { StoredUser } from '../../../lib/auth-store';
import { cn } from '../../../lib/cn';
import { ReceivedInvites } from './received-invites';
import { SendInvites } from './send-invites';

/** The Invites tab's sub-tabs: Received, and Send Invites (`?section=discover`). */
export type InvitesSection = 'received' | 'discover';

const SECTION_LABELS: Record<InvitesSection, string> = { received: 'Received', discover: 'Send Invites' };

/**
 * The Invites tab (docs/product.md#social-invites): Received (invites to answer) and Send Invites
 * (members to like or pass; a host's like also invites). Both are swipe decks.
 */
export function InvitesTab({
  user,
  section,
  onSectionChange,
  onDiscoverEvents,
  hostBookings,
  onInviteAccepted,
}: {
  user: StoredUser;
  section: InvitesSection;
  onSectionChange: (section: InvitesSection) => void;
  onDiscoverEvents: () => void;
  /** A host's bookings, to invite guests to one of the upcoming confirmed ones. */
  hostBookings?: readonly Booking[];
  onInviteAccepted?: (invite: Invite) => void;
}) {
  const isHost = user.userType === 'host';
  return (
    <div className="flex flex-col gap-5">
      <div
        role="group"
        aria-label="Invites"
        className="grid grid-cols-2 gap-1 rounded-full border border-white/10 bg-neutral-900/70 p-1"
      >
        {(['received', 'discover'] as const).map((s) => (
          <button
            key={s}
            type="button"
            aria-pressed={section === s}
            onClick={() => onSectionChange(s)}
            className={cn(
              'h-11 rounded-full text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-400',
              section === s ? 'bg-gold-400 text-neutral-950' : 'text-neutral-300 hover:bg-white/5 hover:text-white',
            )}
          >
            {SECTION_LABELS[s]}
          </button>
        ))}
      </div>
      {section === 'received' ? (
        <ReceivedInvites
          userId={user.id}
          isHost={isHost}
          onStartInviting={() => onSectionChange('discover')}
          onDiscoverEvents={onDiscoverEvents}
          onAccepted={onInviteAccepted}
        />
      ) : (
        <SendInvites
          member={{ id: user.id, firstName: user.firstName, state: user.state, isHost }}
          hostBookings={hostBookings}
        />
      )}
    </div>
  );
}
