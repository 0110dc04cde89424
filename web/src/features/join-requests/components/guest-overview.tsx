import { WAITLIST_MESSAGES, type Invite, type JoinRequest } from '@luxe/contracts';
import { AddToCalendarLink } from '../../../components/add-to-calendar';
import { ShowPassLink } from '../../../components/show-pass-link';
import { BookingStatusBadge } from '../../../components/booking-status-badge';
import { Button } from '../../../components/ui/button';
import { formatBookingDate } from '../../../lib/booking-display';
import { formatTimeEst } from '../../../lib/format';
import { useMyJoinRequests } from '../api/my-join-requests';
import { eventStartsAt, upcomingApproved } from '../attending';
import { HomeEventCard, HomeGreeting, HomeListPanel, Panel, Statistic, Statistics } from '../../../components/ui/panel';
import { toast } from '../../../components/ui/toast';
import { serverMessage } from '../../../lib/api-client';
import { useLeaveEvent } from '../api/guest-list';

/** Home lists show 3 items (docs/product.md#dashboard-guest-home). */
export const ATTENDING_LIMIT = 3;

/** The member's received invites as read by the dashboard (GET /api/invites/received, every status). */
export interface ReceivedInvitesRead {
  data?: Invite[];
  isPending: boolean;
  isError: boolean;
}

const TABS = { events: '/dashboard?tab=events', invites: '/dashboard?tab=invites' } as const;

/**
 * The guest's home (docs/product.md#dashboard-guest-home): greeting and actions, statistics (events
 * attending, pending requests, invites received: those still waiting for an answer) and the 3
 * soonest upcoming events the guest was approved for.
 */
export function GuestOverview({
  userId,
  firstName,
  receivedInvites,
}: {
  userId: string;
  firstName: string;
  receivedInvites: ReceivedInvitesRead;
}) {
  const requests = useMyJoinRequests(userId);
  const invitesWaiting = (receivedInvites.data ?? []).filter((i) => i.status === 'pending').length;
  const attending = upcomingApproved(requests.data ?? []);
  const pending = (requests.data ?? []).filter((r) => r.status === 'pending');
  const waitlisted = (requests.data ?? []).filter(
    (r) => r.status === 'waitlisted' && eventStartsAt(r).getTime() > Date.now(),
  );

  return (
    <>
      <HomeGreeting
        id="guest-greeting"
        firstName={firstName}
        text="Find your next night out and ask to join the hosts behind it."
        primary={{ to: TABS.events, label: 'Discover Events' }}
        secondary={{ to: TABS.invites, label: 'My Invites' }}
      />

      {requests.isSuccess && !receivedInvites.isPending ? (
        <Statistics id="guest-statistics">
          <Statistic label="Events Attending" value={attending.length} />
          <Statistic label="Pending Requests" value={pending.length} />
          <Statistic label="Invites Received" value={receivedInvites.isError ? '–' : invitesWaiting} />
        </Statistics>
      ) : null}

      <HomeListPanel
        id="events-attending"
        title="Events I'm Attending"
        query={requests}
        loadingLabel="Loading your events..."
        errorText="Error loading your events. Please try again."
        items={attending.slice(0, ATTENDING_LIMIT)}
        empty={
          <div className="flex flex-col items-center gap-2 py-4 text-center">
            <p className="font-semibold text-white">No Upcoming Events Yet</p>
            <p className="text-sm text-neutral-300">
              Ask to join an event; once its host approves you, it shows up here.
            </p>
          </div>
        }
        listLabel="Events I'm attending"
        renderItem={(request) => (
          <li key={request.id}>
            <AttendingEvent request={request} />
          </li>
        )}
      />

      {waitlisted.length > 0 ? (
        <Panel id="events-waitlisted" title="Waitlisted">
          <ul aria-label="Events I'm waitlisted for" className="flex flex-col gap-3">
            {waitlisted.map((request) => (
              <li key={request.id}>
                <WaitlistedEvent request={request} />
              </li>
            ))}
          </ul>
        </Panel>
      ) : null}
    </>
  );
}

function AttendingEvent({ request }: { request: JoinRequest }) {
  return (
    <HomeEventCard
      title={request.venueName}
      subtitle={`Hosted by ${request.host.firstName}`}
      subtitleTestId="attending-host"
      badge={<BookingStatusBadge status="confirmed" />}
      date={formatBookingDate(request.bookingDate)}
      time={formatTimeEst(eventStartsAt(request))}
      testIdPrefix="attending"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap gap-3">
          <AddToCalendarLink bookingId={request.bookingId} venueName={request.venueName} />
          <ShowPassLink bookingId={request.bookingId} venueName={request.venueName} />
        </div>
        <LeaveButton request={request} label="Leave Event" />
      </div>
    </HomeEventCard>
  );
}

/** A request approved past the host's guest limit: its place on the waitlist, and Leave. */
function WaitlistedEvent({ request }: { request: JoinRequest }) {
  return (
    <HomeEventCard
      title={request.venueName}
      subtitle={`Hosted by ${request.host.firstName}`}
      badge={
        <span
          data-testid="waitlist-status"
          className="shrink-0 rounded-full border border-gold-400/40 bg-gold-400/10 px-3 py-1 text-xs font-semibold text-gold-200"
        >
          Waitlisted{request.waitlistPosition ? ` (#${request.waitlistPosition})` : ''}
        </span>
      }
      date={formatBookingDate(request.bookingDate)}
      time={formatTimeEst(eventStartsAt(request))}
      testIdPrefix="waitlisted"
    >
      <p className="text-xs text-neutral-300">
        When a place opens, the first on the waitlist joins automatically and hears from the host in Messages.
      </p>
      <div className="flex justify-end">
        <LeaveButton request={request} label="Leave Waitlist" />
      </div>
    </HomeEventCard>
  );
}

/** After leaving, the event's card is gone: the focus moves to the 'Events I'm Attending' heading rather than being lost. */
function focusAttending() {
  const heading = document.getElementById('events-attending');
  if (!heading) return;
  heading.setAttribute('tabindex', '-1');
  heading.focus();
}

function LeaveButton({ request, label }: { request: JoinRequest; label: string }) {
  const leave = useLeaveEvent();
  return (
    <Button
      type="button"
      variant="secondary"
      size="sm"
      disabled={leave.isPending}
      onClick={() =>
        leave.mutate(request.id, {
          onSuccess: () => {
            toast({
              title: request.status === 'waitlisted' ? 'You left the waitlist' : 'You left the event',
              description: request.venueName,
            });
            focusAttending();
          },
          onError: (error) =>
            toast({
              title: 'Error',
              description: serverMessage(error, WAITLIST_MESSAGES.leaveFailed),
              variant: 'destructive',
            }),
        })
      }
    >
      {label}
      <span className="sr-only">: {request.venueName}</span>
    </Button>
  );
}
