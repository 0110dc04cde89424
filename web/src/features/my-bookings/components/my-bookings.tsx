import { useState, type ReactNode } from 'react';
import type { Booking } from '@luxe/contracts';
import { AddToCalendarLink } from '../../../components/add-to-calendar';
import { Button } from '../../../components/ui/button';
import { ShowPassLink } from '../../../components/show-pass-link';
import { canCancel } from '../../../lib/cancellation';
import { bySoonest } from '../../../lib/booking-display';
import { useMyBookings } from '../api/bookings';
import { QueryState } from '../../../components/query-state';
import { BookingFacts, BookingHeader } from './booking-facts';

/**
 * What other features add to a booking's card, composed by the route: the guest requests (join
 * requests: how many wait, and the dialog 'View Guest Requests' opens), a held booking's split
 * progress, and the cancel dialog (`onClose(true)` once cancelled).
 */
export interface MyBookingsSlots {
  /**
   * How many requests wait for the host's answer, per booking id (docs/product.md#dashboard-my-bookings); none shown
   * while unknown.
   */
  pendingRequests: ReadonlyMap<string, number>;
  renderGuestRequests: (booking: Booking, onClose: () => void) => ReactNode;
  renderSplitProgress: (booking: Booking) => ReactNode;
  renderCancel: (booking: Booking, onClose: (cancelled: boolean) => void) => ReactNode;
}

/** My Bookings (host, docs/product.md#dashboard-my-bookings): one card per booking, soonest first. */
export function MyBookings({
  userId,
  onBrowseEvents,
  pendingRequests: pending,
  renderGuestRequests,
  renderSplitProgress,
  renderCancel,
}: { userId: string; onBrowseEvents: () => void } & MyBookingsSlots) {
  const bookings = useMyBookings(userId);
  const [requestsOf, setRequestsOf] = useState<Booking | null>(null);
  const [cancelling, setCancelling] = useState<Booking | null>(null);

  return (
    <section aria-labelledby="my-bookings-heading" className="flex flex-col gap-4">
      <h2 id="my-bookings-heading" className="text-lg font-semibold text-white">
        My Bookings
      </h2>
      <QueryState
        query={bookings}
        loadingLabel="Loading bookings..."
        errorText="Error loading bookings. Please try again."
        errorLook="card"
        isEmpty={(list) => list.length === 0}
        empty={
          <div className="flex flex-col items-center gap-3 rounded-3xl border border-white/10 bg-neutral-900/70 px-6 py-10 text-center">
            <p className="font-semibold text-white">No Bookings Yet</p>
            <p className="text-sm text-neutral-300">Book a yacht or a club section and it will appear here.</p>
            <Button type="button" size="sm" onClick={onBrowseEvents}>
              Browse Events
            </Button>
          </div>
        }
      >
        {(list) => (
          <ul aria-label="Your bookings" className="flex flex-col gap-4">
            {bySoonest(list).map((booking) => (
              <li key={booking.id}>
                <BookingCard
                  booking={booking}
                  pending={pending.get(booking.id) ?? 0}
                  splitProgress={booking.status === 'held' ? renderSplitProgress(booking) : null}
                  onViewRequests={() => setRequestsOf(booking)}
                  onCancel={() => setCancelling(booking)}
                />
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      {requestsOf ? renderGuestRequests(requestsOf, () => setRequestsOf(null)) : null}
      {cancelling
        ? renderCancel(cancelling, (cancelled) => {
            setCancelling(null);
            // Its Cancel button is gone once the booking is cancelled: the focus goes to the booking's card.
            if (cancelled) requestAnimationFrame(() => document.getElementById(`booking-${cancelling.id}`)?.focus());
          })
        : null}
    </section>
  );
}

function BookingCard({
  booking,
  pending,
  splitProgress,
  onViewRequests,
  onCancel,
}: {
  booking: Booking;
  pending: number;
  splitProgress: ReactNode;
  onViewRequests: () => void;
  onCancel: () => void;
}) {
  const headingId = `booking-${booking.id}`;
  return (
    <article
      aria-labelledby={headingId}
      data-testid="booking-card"
      className="flex flex-col gap-4 rounded-3xl border border-white/10 bg-neutral-900/70 p-5"
    >
      <BookingHeader
        booking={booking}
        title={
          <h3
            id={headingId}
            tabIndex={-1}
            className="font-display text-xl font-semibold break-words text-white focus:outline-none focus-visible:outline-2 focus-visible:outline-gold-400"
          >
            {booking.venueName}
          </h3>
        }
      />
      <BookingFacts booking={booking} className="min-[400px]:grid-cols-2" />
      {splitProgress}
      <div className="flex flex-wrap gap-3">
        <Button type="button" variant="secondary" size="sm" onClick={onViewRequests}>
          View Guest Requests
          <span className="sr-only">: {booking.venueName}</span>
          {pending > 0 ? (
            <>
              <span
                aria-hidden="true"
                data-testid="pending-requests"
                className="ml-2 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-gold-400 px-1.5 text-xs font-bold text-neutral-950"
              >
                {pending}
              </span>
              <span className="sr-only">, {pending} waiting</span>
            </>
          ) : null}
        </Button>
        {booking.status === 'confirmed' ? (
          <AddToCalendarLink bookingId={booking.id} venueName={booking.venueName} />
        ) : null}
        {booking.status === 'confirmed' ? <ShowPassLink bookingId={booking.id} venueName={booking.venueName} /> : null}
        {canCancel(booking) ? (
          <Button type="button" variant="ghost" size="sm" onClick={onCancel}>
            Cancel booking
            <span className="sr-only">: {booking.venueName}</span>
          </Button>
        ) : null}
      </div>
    </article>
  );
}
