import { useId } from 'react';
import { lastBookableDate, todayInNewYork } from '@luxe/contracts';
import { BOOKING_DURATIONS, formatBookingDate } from '../lib/booking-display';
import { formatHours } from '../lib/format';
import { Input } from './ui/input';
import { Label } from './ui/label';
import { Select } from './ui/select';

/**
 * The night of a booking, a yacht's or a club section's: a date from today (New York) to the last
 * bookable one, and `problem` (the date's rule it breaks) announced under it.
 */
export function BookingDateField({
  value,
  onChange,
  problem,
  required,
}: {
  value: string;
  onChange: (date: string) => void;
  problem: string | null;
  required?: boolean;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div>
      <Label htmlFor={id}>Date</Label>
      <Input
        id={id}
        type="date"
        min={todayInNewYork()}
        max={lastBookableDate()}
        value={value}
        required={required}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? errorId : undefined}
        onChange={(e) => onChange(e.target.value)}
        className="[color-scheme:dark]"
      />
      {problem ? (
        <p id={errorId} role="alert" className="mt-1 text-sm text-red-300">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

/**
 * What availability says of the month: the nights already sold out (of `what`, when the page offers
 * several), and, when the chosen `date` is one of them, that it is taken and what to choose instead.
 */
export function SoldOutNights({
  nights,
  date,
  what,
  instead,
}: {
  nights: readonly string[];
  date: string;
  what?: string;
  instead: string;
}) {
  return (
    <>
      {nights.length > 0 ? (
        <p data-testid="sold-out-nights" className="text-sm text-neutral-300">
          Sold out this month{what ? ` for ${what}` : ''}:{' '}
          {nights.map((d) => formatBookingDate(d, 'EEE, MMM d')).join('; ')}
        </p>
      ) : null}
      {nights.includes(date) ? (
        <p role="status" className="rounded-2xl border border-white/15 bg-white/5 px-4 py-3 text-sm text-neutral-100">
          Sold out: every start time on {formatBookingDate(date)} is taken. {instead}
        </p>
      ) : null}
    </>
  );
}

/** How long the booking lasts: BOOKING_DURATIONS, in hours. */
export function BookingDurationField({ value, onChange }: { value: number; onChange: (hours: number) => void }) {
  const id = useId();
  return (
    <div>
      <Label htmlFor={id}>Duration</Label>
      <Select id={id} value={value} onChange={(e) => onChange(Number(e.target.value))}>
        {BOOKING_DURATIONS.map((h) => (
          <option key={h} value={h}>
            {formatHours(h)}
          </option>
        ))}
      </Select>
    </div>
  );
}
