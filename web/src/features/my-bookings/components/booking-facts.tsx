import type { ReactNode } from 'react';
import type { Booking } from '@luxe/contracts';
import { BookingStatusBadge } from '../../../components/booking-status-badge';
import { DetailItem } from '../../../components/detail-item';
import { CardHeader } from '../../../components/ui/card';
import {
  formatBookingDate,
  formatDuration,
  formatPlace,
  formatTimeRange,
  venueKindLabel,
} from '../../../lib/booking-display';
import { cn } from '../../../lib/cn';
import { depositRows } from '../../../lib/deposit-display';
import { formatDollars, formatWholeDollars } from '../../../lib/format';

/**
 * A booking's title (`title`: the heading the caller places, h1 on its page, h3 in the list), its
 * kind and section, and its status, the same on its card in My Bookings and on its own page.
 */
export function BookingHeader({ booking, title }: { booking: Booking; title: ReactNode }) {
  return (
    <CardHeader heading={title} badge={<BookingStatusBadge status={booking.status} />}>
      <p className="text-sm text-neutral-300">
        <span data-testid="booking-type">{venueKindLabel(booking.venueType)}</span>
        <span aria-hidden="true"> · </span>
        <span data-testid="booking-section">{booking.section}</span>
      </p>
    </CardHeader>
  );
}

/**
 * What the member booked and what it costs: place, night, time, length, total, the deposit's rows,
 * and the refund once cancelled. `className` sets where it turns to two columns.
 */
export function BookingFacts({ booking, className }: { booking: Booking; className: string }) {
  return (
    <dl className={cn('grid grid-cols-1 gap-x-4 gap-y-2 text-sm', className)}>
      <DetailItem label="Location" testId="booking-place" value={formatPlace(booking.venueCity, booking.venueState)} />
      <DetailItem label="Date" testId="booking-date" value={formatBookingDate(booking.bookingDate)} />
      <DetailItem label="Time" testId="booking-time" value={formatTimeRange(booking)} />
      <DetailItem label="Duration" testId="booking-duration" value={formatDuration(booking.duration)} />
      <DetailItem label="Total" testId="booking-total" value={formatWholeDollars(booking.totalCost)} emphasis />
      {depositRows(booking).map((row) => (
        <DetailItem key={row.key} label={row.label} testId={`booking-${row.key}`} value={row.value} />
      ))}
      {booking.status === 'cancelled' && booking.refundAmount !== null ? (
        <DetailItem
          label="Refund"
          testId="booking-refund"
          value={Number(booking.refundAmount) > 0 ? formatDollars(booking.refundAmount) : 'No refund'}
        />
      ) : null}
    </dl>
  );
}
