import type { StoredUser } from '../../../lib/auth-store';
import { FeaturedEvents } from '../../../features/discovery/components/featured-events';
import { locationOf } from '../../../features/discovery/location';
import { HostOverview } from '../../../features/my-bookings/components/host-overview';

/**
 * The Home tab. The host's home (greeting, statistics, upcoming events, recent activity and
 * Featured Events) is built; the guest home comes later, in the placeholder.
 */
export function HomeTab({ user }: { user: StoredUser }) {
  if (user.userType === 'host') {
    return (
      <div className="flex flex-col gap-6">
        <HostOverview userId={user.id} firstName={user.firstName} />
        <FeaturedEvents location={locationOf(user)} />
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-6">
      <section aria-label="Your activity" data-testid="home-overview" className="rounded-3xl border border-white/10 bg-neutral-900/70 p-6">
        <p className="text-neutral-300">Your events, statistics and invites will appear here soon.</p>
      </section>
    </div>
  );
}
