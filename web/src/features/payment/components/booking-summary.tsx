import { bookingWindow, endTimeOf, isCancellationPolicy, VENUE_PLACEHOLDERS } from '@luxe/contracts';
import { RefundSchedule } from '../../cancellation/components/refund-schedule';
import { useState } from 'react';
import { formatClockTime, formatDollars, formatHours, formatLongDate } from '../../../lib/format';
import type { PendingBooking } from '../../../lib/pending-booking';

/** The booking being paid for (spec doc 2 §2, Payment). `total` is the server's price once it is known. */
export function BookingSummary({ booking, total }: { booking: PendingBooking; total: number }) {
  const [failed, setFailed] = useState(false);
  const image = !booking.venueImage || failed ? VENUE_PLACEHOLDERS.yacht : booking.venueImage;
  return (
    <section aria-labelledby="summary-title" className="overflow-hidden rounded-3xl border border-white/10 bg-neutral-900/70">
      <img src={image} alt={`Photo of ${booking.venueName}`} onError={() => setFailed(true)} className="h-44 w-full bg-neutral-800 object-cover" />
      <div className="flex flex-col gap-3 p-5">
        <h2 id="summary-title" className="font-display text-xl font-semibold text-white">
          {booking.venueName}
        </h2>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          <dt className="text-neutral-400">Date</dt>
          <dd data-testid="summary-date" className="text-neutral-100">
            {formatLongDate(booking.date)}
          </dd>
          <dt className="text-neutral-400">Time</dt>
          <dd data-testid="summary-time" className="text-neutral-100">
            {formatClockTime(booking.time)} - {formatClockTime(endTimeOf(booking.time, booking.duration))} EST ({formatHours(booking.duration)})
          </dd>
          {booking.friendsCount > 0 ? (
            <>
              <dt className="text-neutral-400">Friends</dt>
              <dd data-testid="summary-friends" className="text-neutral-100">
                {booking.friendsCount} {booking.friendsCount === 1 ? 'friend' : 'friends'} invited
              </dd>
            </>
          ) : null}
        </dl>
        {booking.eventDescription ? (
          <p data-testid="summary-description" className="text-sm italic text-neutral-300">
            “{booking.eventDescription}”
          </p>
        ) : null}
        <p className="flex items-baseline justify-between border-t border-white/10 pt-3">
          <span className="text-sm text-neutral-300">Total</span>
          <span data-testid="summary-total" className="text-2xl font-semibold text-gold-200">
            {formatDollars(total)}
          </span>
        </p>
        {isCancellationPolicy(booking.cancellationPolicy) ? <RefundSchedule policy={booking.cancellationPolicy} startsAt={bookingWindow(booking.date, booking.time, booking.duration).startsAt} level={3} /> : null}
      </div>
    </section>
  );
}
