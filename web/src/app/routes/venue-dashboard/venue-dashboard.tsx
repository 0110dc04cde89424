import { Navigate, useSearchParams } from 'react-router-dom';
import { Logo } from '../../../components/layout/logo';
import { LogoutButton } from '../../../features/auth/components/logout-button';
import { Entertainers } from '../../../features/venue-owner/components/entertainers';
import { MyEvents } from '../../../features/venue-owner/components/my-events';
import { VenueBookings } from '../../../features/venue-owner/components/venue-bookings';
import { DoorMode } from '../../../features/passes/components/door-mode';
import { useMyVenues } from '../../../features/venue-owner/api/venues';
import { useCurrentUser } from '../../../lib/auth-store';
import { cn } from '../../../lib/cn';
import { useQueryClient } from '@tanstack/react-query';
import { useRealtime } from '../../../lib/realtime';
import { NOTIFICATIONS_KEY } from '../../../api/query-keys';
import { NotificationBell } from '../../../components/layout/notification-bell';
import { useObscuringBar } from '../../../lib/obscuring-bars';
import { Icon } from '../../../components/ui/icon';

/** Tabs of the venue owner's dashboard (docs/product.md#venues-dashboard), and Entertainers: join requests and VIP room assignments. */
export const VENUE_TABS = ['my-venues', 'my-bookings', 'entertainers', 'door'] as const;
export type VenueTab = (typeof VENUE_TABS)[number];
const TAB_LABELS: Record<VenueTab, string> = {
  'my-venues': 'My Events',
  'my-bookings': 'My Bookings',
  entertainers: 'Entertainers',
  door: 'Door',
};
const TAB_ICONS: Record<VenueTab, string> = {
  'my-venues': 'M3 6h18M3 6a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2zM8 2v4M16 2v4',
  'my-bookings': 'M4 19.5A2.5 2.5 0 0 1 6.5 17H20V3H6.5A2.5 2.5 0 0 0 4 5.5zM4 19.5A2.5 2.5 0 0 0 6.5 22H20v-5',
  entertainers: 'M12 2l2.9 6.3 6.9.7-5.2 4.6 1.5 6.8L12 17l-6.1 3.4 1.5-6.8L2.2 9l6.9-.7z',
  door: 'M3 7V5a2 2 0 0 1 2-2h2M17 3h2a2 2 0 0 1 2 2v2M21 17v2a2 2 0 0 1-2 2h-2M7 21H5a2 2 0 0 1-2-2v-2M7 12h10',
};

function isVenueTab(value: string | null): value is VenueTab {
  return (VENUE_TABS as readonly string[]).includes(value ?? '');
}

/** /venue-dashboard: the venue owner's shell (same look as the member dashboard) with My Events, My Bookings, Entertainers and Door (door mode: passes checked in). */
export function VenueDashboardRoute() {
  const user = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: VenueTab = isVenueTab(requested) ? requested : 'my-venues';
  // New notifications (a venue approved, an assignment answered) arrive over the live channel: the bell reloads.
  const queryClient = useQueryClient();
  const refreshBell = () => void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
  useRealtime(!!user, () => undefined, refreshBell, undefined, refreshBell);
  const header = useObscuringBar<HTMLElement>('top');
  const tabBar = useObscuringBar<HTMLElement>('bottom');

  if (!user) return <Navigate to="/login" replace />;

  return (
    <div className="min-h-dvh bg-neutral-950 pb-28 text-neutral-100">
      <header ref={header} className="sticky top-0 z-10 border-b border-white/5 bg-neutral-950/85 backdrop-blur">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-3 px-5 py-4">
          <Logo to="/venue-dashboard" />
          <div className="flex min-w-0 items-center gap-3">
            <p data-testid="dashboard-greeting" className="hidden truncate text-sm text-neutral-300 sm:block">
              Welcome, <span className="font-semibold text-gold-200">{user.firstName}</span>
            </p>
            <NotificationBell />
            <LogoutButton className="h-9 px-4" />
          </div>
        </div>
      </header>

      <main className="mx-auto max-w-5xl px-5 py-6" aria-labelledby="tab-heading">
        <h1 id="tab-heading" className="font-display text-3xl font-semibold text-white">
          {TAB_LABELS[tab]}
        </h1>
        <div className="mt-6">
          {tab === 'my-venues' ? (
            <MyEvents />
          ) : tab === 'my-bookings' ? (
            <VenueBookings />
          ) : tab === 'door' ? (
            <OwnerDoor />
          ) : (
            <Entertainers />
          )}
        </div>
      </main>

      <nav
        ref={tabBar}
        aria-label="Venue dashboard"
        className="fixed inset-x-0 bottom-0 z-10 border-t border-white/10 bg-neutral-950/95 pb-[env(safe-area-inset-bottom)] backdrop-blur"
      >
        <ul className="mx-auto grid max-w-5xl grid-cols-4">
          {VENUE_TABS.map((id) => (
            <li key={id}>
              <button
                type="button"
                id={id}
                onClick={() => setParams({ tab: id })}
                aria-current={tab === id ? 'page' : undefined}
                className={cn(
                  'flex h-16 w-full flex-col items-center justify-center gap-1 text-xs font-medium transition-colors focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-gold-400',
                  tab === id ? 'text-gold-300' : 'text-neutral-400 hover:text-neutral-200',
                )}
              >
                <Icon path={TAB_ICONS[id]} strokeWidth="1.8" strokeLinejoin="round" />
                {TAB_LABELS[id]}
              </button>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}

/** Door mode over the owner's own venues (the passes feature checks in; venue-owner knows his venues). */
function OwnerDoor() {
  return <DoorMode venues={useMyVenues()} />;
}
