import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import type { Booking } from '@luxe/contracts';
import { AddToCalendarLink } from '../../../components/add-to-calendar';
import { CardPage } from '../../../components/layout/card-page';
import { Button, buttonClasses } from '../../../components/ui/button';
import { canCancel } from '../../../lib/cancellation';
import { getMyBookingsQueryOptions } from '../api/bookings';
import { QueryError } from '../../../components/query-state';
import { BookingFacts, BookingHeader } from './booking-facts';

/** My Bookings, where every booking of the member is listed. */
const MY_BOOKINGS_PATH = '/dashboard?tab=book';

/** A held booking waits for its payment's outcome (the provider's webhook): asked again this often. */
const HELD_REFRESH_MS = 2000;

/**
 * What other features add to the page, composed by the route: a confirmed booking's door pass, and
 * the cancel dialog (`onClose(true)` once cancelled).
 */
export interface BookingDetailSlots {
  renderPass: (booking: Booking) => ReactNode;
  renderCancel: (booking: Booking, onClose: (cancelled: boolean) => void) => ReactNode;
}

/**
 * /bookings/{id}: one booking of the signed-in member, where checkout lands once paid (docs/product.md#booking-page;
 * it landed on the dashboard's Profile tab). Its details, the door pass (QR code and door code) and
 * the calendar file once confirmed, and Cancel. Read from the member's own bookings (GET
 * /api/bookings/user): another member's booking is simply not found.
 */
export function BookingDetail({
  userId,
  bookingId,
  ...slots
}: { userId: string; bookingId: string } & BookingDetailSlots) {
  // Read again on arrival (the list may be cached from before the payment), and while the booking
  // is held, until the payment's outcome reached it.
  const bookings = useQuery({
    ...getMyBookingsQueryOptions(userId),
    refetchOnMount: 'always',
    refetchInterval: (q) =>
      q.state.data?.find((b) => b.id === bookingId)?.status === 'held' ? HELD_REFRESH_MS : false,
  });
  const booking = bookings.data?.find((b) => b.id === bookingId) ?? null;

  if (bookings.isPending) {
    return (
      <Shell>
        <p role="status" className="py-10 text-center text-neutral-300">
          Loading booking...
        </p>
      </Shell>
    );
  }
  if (bookings.isError) {
    return (
      <Shell>
        <h1 className="font-display text-3xl font-semibold text-white">Booking</h1>
        <QueryError
          look="inline"
          text="Error loading the booking. Please try again."
          onRetry={() => void bookings.refetch()}
        />
      </Shell>
    );
  }
  if (!booking) {
    return (
      <Shell>
        <h1 className="font-display text-3xl font-semibold text-white">Booking not found</h1>
        <p className="text-neutral-300">This booking is not one of yours, or it no longer exists.</p>
      </Shell>
    );
  }
  return (
    <Shell>
      <Details booking={booking} {...slots} />
    </Shell>
  );
}

function Details({ booking, renderPass, renderCancel }: { booking: Booking } & BookingDetailSlots) {
  const [cancelling, setCancelling] = useState(false);
  const confirmed = booking.status === 'confirmed';
  return (
    <>
      <BookingHeader
        booking={booking}
        title={
          <h1
            id="booking-title"
            tabIndex={-1}
            className="font-display text-3xl font-semibold break-words text-white focus:outline-none"
          >
            {booking.venueName}
          </h1>
        }
      />
      {booking.status === 'held' ? (
        <p role="status" className="text-sm text-neutral-300">
          Waiting for the payment to be confirmed. This page updates by itself.
        </p>
      ) : null}
      <BookingFacts booking={booking} className="min-[360px]:grid-cols-2" />
      {confirmed ? renderPass(booking) : null}
      <div className="flex flex-wrap gap-3">
        {confirmed ? <AddToCalendarLink bookingId={booking.id} venueName={booking.venueName} /> : null}
        {canCancel(booking) ? (
          <Button type="button" variant="ghost" size="sm" onClick={() => setCancelling(true)}>
            Cancel booking
          </Button>
        ) : null}
      </div>
      {cancelling
        ? renderCancel(booking, (cancelled) => {
            setCancelling(false);
            // Its Cancel button is gone once cancelled: the focus goes to the booking's title.
            if (cancelled) requestAnimationFrame(() => document.getElementById('booking-title')?.focus());
          })
        : null}
    </>
  );
}

/** The page around the booking, with the way back to the list. */
function Shell({ children }: { children: ReactNode }) {
  return (
    <CardPage
      wide
      aside={
        <Link to={MY_BOOKINGS_PATH} className={buttonClasses('ghost', 'sm')}>
          ← My Bookings
        </Link>
      }
    >
      {children}
    </CardPage>
  );
}
