import { Navigate, useSearchParams } from 'react-router-dom';
import { LogoutButton } from '../../../features/auth/components/logout-button';
import { Entertainers } from '../../../features/venue-owner/components/entertainers';
import { MyEvents } from '../../../features/venue-owner/components/my-events';
import { VenueBookings } from '../../../features/venue-owner/components/venue-bookings';
import { DoorMode } from '../../../features/passes/components/door-mode';
import { useMyVenues } from '../../../features/venue-owner/api/venues';
import { useCurrentUser } from '../../../lib/auth-store';
import { useQueryClient } from '@tanstack/react-query';
import { useRealtime } from '../../../lib/realtime';
import { NOTIFICATIONS_KEY } from '../../../api/query-keys';
import { NotificationBell } from '../../../components/layout/notification-bell';
import { DashboardGreeting, TabShell } from '../../../components/layout/tab-shell';

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

  if (!user) return <Navigate to="/login" replace />;

  return (
    <TabShell
      logoTo="/venue-dashboard"
      headerEnd={
        <>
          <DashboardGreeting firstName={user.firstName} className="hidden sm:block" />
          <NotificationBell />
          <LogoutButton className="h-9 px-4" />
        </>
      }
      width="max-w-5xl"
      navLabel="Venue dashboard"
      tabs={VENUE_TABS.map((id) => ({ id, label: TAB_LABELS[id], icon: TAB_ICONS[id] }))}
      current={tab}
      onSelect={(id) => setParams({ tab: id })}
    >
      {tab === 'my-venues' ? (
        <MyEvents />
      ) : tab === 'my-bookings' ? (
        <VenueBookings />
      ) : tab === 'door' ? (
        <OwnerDoor />
      ) : (
        <Entertainers />
      )}
    </TabShell>
  );
}

/** Door mode over the owner's own venues (the passes feature checks in; venue-owner knows his venues). */
function OwnerDoor() {
  return <DoorMode venues={useMyVenues()} />;
}
