import { Link } from 'react-router-dom';
import type { Booking, Invite } from '@luxe/contracts';
import { BookingStatusBadge } from '../../../components/booking-status-badge';
import { InviteStatusBadge } from '../../../components/invite-status-badge';
import { VerifiedBadge } from '../../../components/verified-badge';
import { buttonClasses } from '../../../components/ui/button';
import { bySoonest, formatBookingDate, formatStartTime, isUpcoming } from '../../../lib/booking-display';
import { formatWholeDollars } from '../../../lib/format';
import { useHostedBookings } from '../api/bookings';
import { HomeEventCard, HomeGreeting, HomeListPanel, Statistic, Statistics } from '../../../components/ui/panel';

/** Home lists show 3 items (docs/product.md#dashboard-host-home). */
export const UPCOMING_EVENTS_LIMIT = 3;

/** Recent Activity lists the 3 newest sent invites (docs/product.md#dashboard-host-home). */
export const RECENT_ACTIVITY_LIMIT = 3;

/** The host's sent invites as read by the dashboard (GET /api/invites/sent, newest first). */
export interface SentInvitesRead {
  data?: Invite[];
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

const TABS = { events: '/dashboard?tab=events', invites: '/dashboard?tab=invites&section=discover' } as const;

/**
 * The host's home (docs/product.md#dashboard-host-home): greeting and actions, statistics (only
 * once there are bookings or invites), the 3 soonest upcoming confirmed bookings, and recent
 * activity (the 3 newest sent invites).
 */
export function HostOverview({
  userId,
  firstName,
  sentInvites,
}: {
  userId: string;
  firstName: string;
  sentInvites: SentInvitesRead;
}) {
  const hosted = useHostedBookings(userId);
  const confirmed = (hosted.data ?? []).filter((b) => b.status === 'confirmed');
  const upcoming = bySoonest(confirmed.filter((b) => isUpcoming(b)));
  const sent = sentInvites.data ?? [];

  return (
    <>
      <HomeGreeting
        id="host-greeting"
        firstName={firstName}
        text="Plan your next night out and bring the right crowd."
        primary={{ to: TABS.events, label: 'Create an Event' }}
        secondary={{ to: TABS.invites, label: 'Invite Guests' }}
      />

      {hosted.isSuccess && !sentInvites.isPending && (confirmed.length > 0 || sent.length > 0) ? (
        <Statistics id="host-statistics">
          <Statistic label="Total Events" value={confirmed.length} />
          <Statistic label="Upcoming" value={upcoming.length} />
          <Statistic label="Invites Sent" value={sentInvites.isError ? '–' : sent.length} />
        </Statistics>
      ) : null}

      <HomeListPanel
        id="upcoming-events"
        title="Your Upcoming Events"
        query={hosted}
        loadingLabel="Loading your events..."
        errorText="Error loading your events. Please try again."
        items={upcoming.slice(0, UPCOMING_EVENTS_LIMIT)}
        empty={
          <div className="flex flex-col items-center gap-3 py-4 text-center">
            <p className="font-semibold text-white">No Upcoming Events</p>
            <p className="text-sm text-neutral-300">Book a yacht or a club and your events will show up here.</p>
            <Link to={TABS.events} className={buttonClasses('secondary', 'sm')}>
              Browse Events
            </Link>
          </div>
        }
        listLabel="Upcoming events"
        renderItem={(booking) => (
          <li key={booking.id}>
            <UpcomingEvent booking={booking} />
          </li>
        )}
      />

      <HomeListPanel
        id="recent-activity"
        title="Recent Activity"
        query={sentInvites}
        loadingLabel="Loading your invites..."
        errorText="Error loading your invites. Please try again."
        items={sent.slice(0, RECENT_ACTIVITY_LIMIT)}
        empty={
          <div className="py-2 text-center">
            <p className="font-semibold text-white">No recent activity yet</p>
            <p className="mt-1 text-sm text-neutral-300">Guests you invite will appear here.</p>
          </div>
        }
        listLabel="Invites you sent"
        renderItem={(invite) => (
          <li
            key={invite.id}
            data-testid="recent-invite"
            className="flex items-center gap-3 rounded-2xl border border-white/5 bg-white/[0.03] p-3"
          >
            {invite.guest.profileImages[0] ? (
              <img
                src={invite.guest.profileImages[0]}
                alt=""
                className="h-10 w-10 shrink-0 rounded-full object-cover"
              />
            ) : (
              <span
                aria-hidden="true"
                className="grid h-10 w-10 shrink-0 place-items-center rounded-full bg-gold-400 font-semibold text-neutral-950"
              >
                {invite.guest.firstName.charAt(0).toUpperCase() || '?'}
              </span>
            )}
            <div className="min-w-0 flex-1">
              <p data-testid="recent-invite-text" className="font-medium break-words text-white">
                You invited {invite.guest.firstName}
              </p>
              <VerifiedBadge verified={invite.guest.verified} className="my-0.5" />
              <p className="truncate text-xs text-neutral-400">{invite.eventTitle}</p>
            </div>
            <InviteStatusBadge status={invite.status} />
          </li>
        )}
      />
    </>
  );
}

function UpcomingEvent({ booking }: { booking: Booking }) {
  return (
    <HomeEventCard
      title={booking.venueName}
      subtitle={booking.sectionType}
      subtitleTestId="upcoming-section"
      badge={<BookingStatusBadge status={booking.status} />}
      date={formatBookingDate(booking.bookingDate)}
      time={formatStartTime(booking)}
      testIdPrefix="upcoming"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="font-semibold text-gold-200" data-testid="upcoming-total">
          {formatWholeDollars(booking.totalCost)}
        </p>
        <Link to={TABS.invites} className={buttonClasses('secondary', 'sm')}>
          Invite Guests to This Event
          <span className="sr-only">: {booking.venueName}</span>
        </Link>
      </div>
    </HomeEventCard>
  );
}
