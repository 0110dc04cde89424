import type { StoredUser } from '../../../lib/auth-store';
import { FeaturedEvents } from '../../../features/discovery/components/featured-events';
import { locationOf } from '../../../features/discovery/location';

/**
 * The Home tab. Only the host's 'Featured Events' is built; the greeting actions, statistics,
 * upcoming events and recent activity (host and guest homes) come later, in the placeholder.
 */
export function HomeTab({ user }: { user: StoredUser }) {
  return (
    <div className="flex flex-col gap-6">
      <section aria-label="Your activity" data-testid="home-overview" className="rounded-3xl border border-white/10 bg-neutral-900/70 p-6">
        <p className="text-neutral-300">Your events, statistics and invites will appear here soon.</p>
      </section>
      {user.userType === 'host' ? <FeaturedEvents location={locationOf(user)} /> : null}
    </div>
  );
}
