import { bookingWindow, endTimeOf, isCancellationPolicy, VENUE_PLACEHOLDERS } from '@luxe/contracts';
import { RefundSchedule } from '../../../components/refund-schedule';
import { useState } from 'react';
import { formatClockTime, formatDollars, formatHours, formatLongDate, formatMoney } from '../../../lib/format';
import type { PendingBooking } from '../../../lib/pending-booking';

/**
 * The booking being paid for (docs/product.md#payment-checkout). `total` is the server's price once
 * it is known; a section paid by deposit (docs/product.md#booking-deposits) also shows the deposit
 * due now and the balance due at the venue.
 */
export function BookingSummary({
  booking,
  total,
  deposit,
}: {
  booking: PendingBooking;
  total: number;
  deposit?: { amount: number; balance: number; percent: number };
}) {
  const [failed, setFailed] = useState(false);
  const placeholder = booking.section ? VENUE_PLACEHOLDERS.section : VENUE_PLACEHOLDERS.yacht;
  const image = !booking.venueImage || failed ? placeholder : booking.venueImage;
  return (
    <section
      aria-labelledby="summary-title"
      className="overflow-hidden rounded-3xl border border-white/10 bg-neutral-900/70"
    >
      <img
        src={image}
        alt={`Photo of ${booking.venueName}`}
        onError={() => setFailed(true)}
        className="h-44 w-full bg-neutral-800 object-cover"
      />
      <div className="flex flex-col gap-3 p-5">
        <h2 id="summary-title" className="font-display text-xl font-semibold text-white">
          {booking.venueName}
        </h2>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          {booking.section ? (
            <>
              <dt className="text-neutral-400">Section</dt>
              <dd data-testid="summary-section" className="text-neutral-100">
                {booking.section.name}
              </dd>
            </>
          ) : null}
          {booking.section?.minimumSpend != null ? (
            <>
              <dt className="text-neutral-400">Minimum spend</dt>
              <dd data-testid="summary-minimum-spend" className="text-neutral-100">
                {formatMoney(booking.section.minimumSpend)}
              </dd>
            </>
          ) : null}
          <dt className="text-neutral-400">Date</dt>
          <dd data-testid="summary-date" className="text-neutral-100">
            {formatLongDate(booking.date)}
          </dd>
          <dt className="text-neutral-400">Time</dt>
          <dd data-testid="summary-time" className="text-neutral-100">
            {formatClockTime(booking.time)} - {formatClockTime(endTimeOf(booking.time, booking.duration))} EST (
            {formatHours(booking.duration)})
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
          <span
            data-testid="summary-total"
            className={deposit ? 'text-lg font-semibold text-white' : 'text-2xl font-semibold text-gold-200'}
          >
            {formatDollars(total)}
          </span>
        </p>
        {deposit ? (
          <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
            <dt className="text-sm font-semibold text-white">Deposit due now ({deposit.percent}%)</dt>
            <dd data-testid="summary-deposit" className="text-right text-2xl font-semibold text-gold-200">
              {formatDollars(deposit.amount)}
            </dd>
            <dt className="text-sm text-neutral-300">Balance due at the venue</dt>
            <dd data-testid="summary-balance" className="text-right text-neutral-100">
              {formatDollars(deposit.balance)}
            </dd>
          </dl>
        ) : null}
        {isCancellationPolicy(booking.cancellationPolicy) ? (
          <RefundSchedule
            policy={booking.cancellationPolicy}
            startsAt={bookingWindow(booking.date, booking.time, booking.duration).startsAt}
            level={3}
          />
        ) : null}
      </div>
    </section>
  );
}
