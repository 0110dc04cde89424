import type { StoredUser } from '../../../lib/auth-store';
import { FeaturedEvents } from '../../../features/discovery/components/featured-events';
import { locationOf } from '../../../features/discovery/location';
import { useReceivedInvites, useSentInvites } from '../../../features/invites/api/invites';
import { HostOverview } from '../../../features/my-bookings/components/host-overview';
import { GuestOverview } from '../../../features/join-requests/components/guest-overview';
import { EntertainerOverview } from '../../../features/entertainer/components/entertainer-overview';

/**
 * The Home tab: the host's home (greeting, statistics, upcoming events, recent activity and
 * Featured Events), the entertainer's (greeting, venues and VIP room proposals) or the guest's
 * (greeting, statistics and the events the guest is attending). The invites come from the invites
 * feature: sent ones for the host, received ones for the guest.
 */
export function HomeTab({ user }: { user: StoredUser }) {
  if (user.userType === 'entertainer') {
    return (
      <div className="flex flex-col gap-6">
        <EntertainerOverview firstName={user.firstName} />
      </div>
    );
  }
  return user.userType === 'host' ? <HostHome user={user} /> : <GuestHome user={user} />;
}

function HostHome({ user }: { user: StoredUser }) {
  const sent = useSentInvites(user.id);
  return (
    <div className="flex flex-col gap-6">
      <HostOverview userId={user.id} firstName={user.firstName} sentInvites={sent} />
      <FeaturedEvents location={locationOf(user)} />
    </div>
  );
}

function GuestHome({ user }: { user: StoredUser }) {
  const received = useReceivedInvites(user.id);
  return (
    <div className="flex flex-col gap-6">
      <GuestOverview userId={user.id} firstName={user.firstName} receivedInvites={received} />
    </div>
  );
}
