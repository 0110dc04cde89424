import { useId, useState } from 'react';
import type { OwnerBooking, OwnerBookingsQuery } from '@luxe/contracts';
import { BookingStatusBadge } from '../../../components/booking-status-badge';
import { DetailItem } from '../../../components/detail-item';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import {
  bySoonest,
  formatBookingDate,
  formatDuration,
  formatGuestVisibility,
  formatTimeRange,
  friendNames,
  venueKindLabel,
} from '../../../lib/booking-display';
import { depositRows } from '../../../lib/deposit-display';
import { formatDollars, formatInEst, formatWholeDollars, SHORT_DATE_FORMAT } from '../../../lib/format';
import { useOwnerBookings } from '../api/owner-bookings';
import { ListSkeleton } from '../../../components/ui/list-skeleton';
import { useMyVenues } from '../api/venues';
import { QueryError } from '../../../components/query-state';

/**
 * The venue dashboard's My Bookings (docs/product.md#venues-bookings): bookings at the owner's
 * venues, soonest first, filtered by date and venue on the server.
 */
export function VenueBookings() {
  const [filter, setFilter] = useState<OwnerBookingsQuery>({});
  const bookings = useOwnerBookings(filter);
  const filtered = !!(filter.from || filter.to || filter.venueId);

  let body;
  if (bookings.isPending) {
    body = <ListSkeleton label="Loading bookings..." />;
  } else if (bookings.isError) {
    body = (
      <QueryError
        look="card"
        text="Error loading bookings. Please try again."
        onRetry={() => void bookings.refetch()}
      />
    );
  } else if (bookings.data.length === 0) {
    body = filtered ? (
      <section className="flex flex-col items-center gap-3 rounded-3xl border border-white/10 bg-neutral-900/70 p-6 text-center">
        <h2 className="text-lg font-semibold text-white">No bookings match these filters</h2>
        <Button type="button" variant="secondary" size="sm" onClick={() => setFilter({})}>
          Clear filters
        </Button>
      </section>
    ) : (
      <section className="rounded-3xl border border-white/10 bg-neutral-900/70 p-6 text-center">
        <h2 className="text-lg font-semibold text-white">No bookings yet</h2>
        <p className="mt-1 text-sm text-neutral-300">Bookings made at your venues will appear here.</p>
      </section>
    );
  } else {
    body = (
      <ul
        aria-label="Bookings at your venues"
        aria-busy={bookings.isPlaceholderData || undefined}
        className="grid grid-cols-1 gap-4 lg:grid-cols-2"
      >
        {bySoonest(bookings.data).map((booking) => (
          <li key={booking.id}>
            <OwnerBookingCard booking={booking} />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <BookingFilters filter={filter} onChange={setFilter} />
      {body}
    </div>
  );
}

/** From and To (booking dates, inclusive) and one of the owner's venues. */
function BookingFilters({
  filter,
  onChange,
}: {
  filter: OwnerBookingsQuery;
  onChange: (next: OwnerBookingsQuery) => void;
}) {
  const id = useId();
  const venues = useMyVenues();
  const set = (key: keyof OwnerBookingsQuery, value: string) => {
    // A half-typed or five-digit year is not sent (the server would refuse it); the filter waits for a date.
    if (key !== 'venueId' && value && !/^\d{4}-\d{2}-\d{2}$/.test(value)) return;
    onChange({ ...filter, [key]: value || undefined });
  };
  return (
    <form
      role="search"
      aria-label="Filter bookings"
      onSubmit={(e) => e.preventDefault()}
      className="grid grid-cols-1 gap-3 rounded-3xl border border-white/10 bg-neutral-900/70 p-4 min-[400px]:grid-cols-2 lg:grid-cols-3"
    >
      {/* The two ends of the date range; neither may pass the other. */}
      {(['from', 'to'] as const).map((end) => (
        <div key={end} className="min-w-0">
          <Label htmlFor={`${id}-${end}`}>{end === 'from' ? 'From' : 'To'}</Label>
          <Input
            id={`${id}-${end}`}
            type="date"
            value={filter[end] ?? ''}
            min={end === 'to' ? filter.from : undefined}
            max={end === 'from' ? filter.to : undefined}
            onChange={(e) => set(end, e.target.value)}
          />
        </div>
      ))}
      <div className="min-w-0 min-[400px]:col-span-2 lg:col-span-1">
        <Label htmlFor={`${id}-venue`}>Venue</Label>
        <Select id={`${id}-venue`} value={filter.venueId ?? ''} onChange={(e) => set('venueId', e.target.value)}>
          <option value="">All venues</option>
          {(venues.data ?? []).map((v) => (
            <option key={v.id} value={v.id}>
              {v.name}
            </option>
          ))}
        </Select>
      </div>
    </form>
  );
}

function OwnerBookingCard({ booking }: { booking: OwnerBooking }) {
  const headingId = `owner-booking-${booking.id}`;
  const friends = friendNames(booking.friends);
  return (
    <article
      aria-labelledby={headingId}
      data-testid="owner-booking"
      className="flex h-full flex-col gap-4 rounded-3xl border border-white/10 bg-neutral-900/70 p-5"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={headingId} className="font-display text-xl font-semibold break-words text-white">
            {booking.venueName}
          </h2>
          <p className="text-sm text-neutral-300">
            <span data-testid="owner-booking-type">{venueKindLabel(booking.venueType)}</span>
            <span aria-hidden="true"> · </span>
            <span data-testid="owner-booking-section">{booking.sectionType}</span>
          </p>
        </div>
        <BookingStatusBadge status={booking.status} />
      </div>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm min-[400px]:grid-cols-2">
        <DetailItem label="Host" testId="owner-booking-host" value={booking.hostName} />
        <DetailItem label="Date" testId="owner-booking-date" value={formatBookingDate(booking.bookingDate)} />
        <DetailItem label="Time" testId="owner-booking-time" value={formatTimeRange(booking)} />
        <DetailItem label="Duration" testId="owner-booking-duration" value={formatDuration(booking.duration)} />
        <DetailItem label="Total" testId="owner-booking-total" value={formatWholeDollars(booking.totalCost)} />
        {depositRows(booking).map((row) => (
          <DetailItem key={row.key} label={row.label} testId={`owner-booking-${row.key}`} value={row.value} />
        ))}
        {booking.status === 'cancelled' && booking.refundAmount != null ? (
          <DetailItem
            label="Refunded"
            testId="owner-booking-refund"
            value={Number(booking.refundAmount) > 0 ? formatDollars(booking.refundAmount) : 'No refund'}
          />
        ) : null}
        <DetailItem
          label="Guests"
          testId="owner-booking-visibility"
          value={formatGuestVisibility(booking.guestVisibility) || 'Both'}
        />
        <DetailItem
          label="Booked on"
          testId="owner-booking-created"
          value={formatInEst(booking.createdAt, SHORT_DATE_FORMAT)}
        />
        <div className="min-w-0 min-[400px]:col-span-2">
          <dt className="text-xs uppercase tracking-wide text-neutral-400">Friends</dt>
          <dd data-testid="owner-booking-friends" className="break-words text-neutral-100">
            {friends.length > 0 ? friends.join(', ') : 'No friends added'}
          </dd>
        </div>
      </dl>
    </article>
  );
}
