import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { formatPassCode, type Booking } from '@luxe/contracts';
import { AddToCalendarLink } from '../../../components/add-to-calendar';
import { BookingStatusBadge } from '../../../components/booking-status-badge';
import { Logo } from '../../../components/layout/logo';
import { Button, buttonClasses } from '../../../components/ui/button';
import { formatBookingDate, formatDuration, formatPlace, formatTimeRange, venueKindLabel } from '../../../lib/booking-display';
import { depositRows } from '../../../lib/deposit-display';
import { formatDollars, formatWholeDollars } from '../../../lib/format';
import { CancelBookingDialog, canCancel } from '../../cancellation/components/cancel-booking-dialog';
import { useMyPass } from '../../passes/api/passes';
import { PassQr } from '../../passes/components/pass-qr';
import { getMyBookingsQueryOptions } from '../api/bookings';

/** My Bookings, where every booking of the member is listed. */
const MY_BOOKINGS_PATH = '/dashboard?tab=book';

/** A held booking waits for its payment's outcome (the provider's webhook): asked again this often. */
const HELD_REFRESH_MS = 2000;

/**
 * /bookings/{id}: one booking of the signed-in member, where checkout lands once paid (issue 31:
 * it landed on the dashboard's Profile tab). Its details, the door pass (QR code and door code) and
 * the calendar file once confirmed, and Cancel. Read from the member's own bookings (GET
 * /api/bookings/user): another member's booking is simply not found.
 */
export function BookingDetail({ userId, bookingId }: { userId: string; bookingId: string }) {
  // Read again on arrival (the list may be cached from before the payment), and while the booking
  // is held, until the payment's outcome reached it.
  const bookings = useQuery({
    ...getMyBookingsQueryOptions(userId),
    refetchOnMount: 'always',
    refetchInterval: (q) => (q.state.data?.find((b) => b.id === bookingId)?.status === 'held' ? HELD_REFRESH_MS : false),
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
        <div role="alert" className="flex flex-col items-start gap-3">
          <p className="text-red-300">Error loading the booking. Please try again.</p>
          <Button type="button" variant="secondary" size="sm" onClick={() => void bookings.refetch()}>
            Try Again
          </Button>
        </div>
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
      <Details booking={booking} />
    </Shell>
  );
}

function Details({ booking }: { booking: Booking }) {
  const [cancelling, setCancelling] = useState(false);
  const confirmed = booking.status === 'confirmed';
  return (
    <>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 id="booking-title" tabIndex={-1} className="font-display text-3xl font-semibold break-words text-white focus:outline-none">
            {booking.venueName}
          </h1>
          <p className="text-sm text-neutral-300">
            {venueKindLabel(booking.venueType)}
            <span aria-hidden="true"> · </span>
            {booking.section}
          </p>
        </div>
        <BookingStatusBadge status={booking.status} />
      </div>
      {booking.status === 'held' ? (
        <p role="status" className="text-sm text-neutral-300">
          Waiting for the payment to be confirmed. This page updates by itself.
        </p>
      ) : null}
      <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm min-[360px]:grid-cols-2">
        <Field label="Location" value={formatPlace(booking.venueCity, booking.venueState)} />
        <Field label="Date" value={formatBookingDate(booking.bookingDate)} />
        <Field label="Time" value={formatTimeRange(booking)} />
        <Field label="Duration" value={formatDuration(booking.duration)} />
        <Field label="Total" testId="booking-total" value={formatWholeDollars(booking.totalCost)} />
        {depositRows(booking).map((row) => (
          <Field key={row.key} label={row.label} testId={`booking-${row.key}`} value={row.value} />
        ))}
        {booking.status === 'cancelled' && booking.refundAmount !== null ? <Field label="Refund" testId="booking-refund" value={Number(booking.refundAmount) > 0 ? formatDollars(booking.refundAmount) : 'No refund'} /> : null}
      </dl>
      {confirmed ? <BookingPass booking={booking} /> : null}
      <div className="flex flex-wrap gap-3">
        {confirmed ? <AddToCalendarLink bookingId={booking.id} venueName={booking.venueName} /> : null}
        {canCancel(booking) ? (
          <Button type="button" variant="ghost" size="sm" onClick={() => setCancelling(true)}>
            Cancel booking
          </Button>
        ) : null}
      </div>
      {cancelling ? (
        <CancelBookingDialog
          booking={booking}
          onClose={(cancelled) => {
            setCancelling(false);
            // Its Cancel button is gone once cancelled: the focus goes to the booking's title.
            if (cancelled) requestAnimationFrame(() => document.getElementById('booking-title')?.focus());
          }}
        />
      ) : null}
    </>
  );
}

/** The host's door pass for the booking: its QR code, door code and its own page. */
function BookingPass({ booking }: { booking: Booking }) {
  const pass = useMyPass(booking.id);
  return (
    <section aria-labelledby="booking-pass-title" className="flex flex-col gap-3 rounded-2xl border border-white/10 bg-neutral-950/60 p-4">
      <h2 id="booking-pass-title" className="text-lg font-semibold text-white">
        Your door pass
      </h2>
      {pass.isPending ? (
        <p role="status" className="text-sm text-neutral-300">
          Loading pass...
        </p>
      ) : pass.isError ? (
        <div role="alert" className="flex flex-col items-start gap-2">
          <p className="text-sm text-red-300">We could not load your pass. Please try again.</p>
          <Button type="button" variant="secondary" size="sm" onClick={() => void pass.refetch()}>
            Try Again
          </Button>
        </div>
      ) : (
        <>
          <PassQr token={pass.data.token} label={`QR code of your pass for ${booking.venueName}`} />
          <p className="text-center">
            <span className="block text-xs uppercase tracking-wide text-neutral-400">Door code</span>
            <span data-testid="pass-code" className="font-mono text-2xl font-semibold tracking-[0.2em] text-gold-200">
              {formatPassCode(pass.data.code)}
            </span>
          </p>
          <Link to={pass.data.url} className={buttonClasses('secondary', 'sm', 'self-center')}>
            Open pass
          </Link>
        </>
      )}
    </section>
  );
}

function Field({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs uppercase tracking-wide text-neutral-400">{label}</dt>
      <dd data-testid={testId} className="break-words text-neutral-100">
        {value}
      </dd>
    </div>
  );
}

function Shell({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-dvh bg-neutral-950 px-5 py-6 text-neutral-100">
      <div className="mx-auto flex max-w-lg flex-col gap-6">
        <header className="flex items-center justify-between gap-4">
          <Logo />
          <Link to={MY_BOOKINGS_PATH} className={buttonClasses('ghost', 'sm')}>
            ← My Bookings
          </Link>
        </header>
        <main className="flex flex-col gap-5 rounded-3xl border border-white/10 bg-neutral-900/70 p-6 sm:p-8">{children}</main>
      </div>
    </div>
  );
}
