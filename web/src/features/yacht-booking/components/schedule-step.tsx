import { useId } from 'react';
import { bookingDateProblem, todayInNewYork, yachtPrice, type StartTime, type Venue } from '@luxe/contracts';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { formatDollars, formatHours } from '../../../lib/format';
import { useAvailability } from '../../../api/availability';
import { START_TIME_OPTIONS } from '../rules';
import { PriceBar, StepShell } from './step-shell';
import { BookingDateField, BookingDurationField, SoldOutNights } from '../../../components/booking-night';

export interface Schedule {
  /** 'yyyy-MM-dd', or '' when cleared. */
  date: string;
  startTime: StartTime | '';
  duration: number;
}

/** Whether Next may go on: a date that may be booked (bookingDateProblem) and a start time. */
export function scheduleComplete(s: Schedule, now = new Date()): boolean {
  return bookingDateProblem(s.date, now) === null && !!s.startTime;
}

/** Step 2, 'Book Your Yacht': date, start time and duration, with the price (docs/product.md#booking-yachts, docs/product.md#booking-slots, docs/product.md#booking-pricing). */
export function ScheduleStep({
  venue,
  value,
  onChange,
  onBack,
  onNext,
  focusTitle,
}: {
  venue: Venue;
  value: Schedule;
  onChange: (next: Schedule) => void;
  onBack: () => void;
  onNext: () => void;
  focusTitle: boolean;
}) {
  const today = todayInNewYork();
  const hintId = useId();
  // A cleared field says nothing until Next (which stays disabled); a wrong date says what is wrong.
  const dateProblem = value.date ? bookingDateProblem(value.date) : null;
  // The yacht is booked whole: its taken times and sold-out nights, advisory (the hold decides).
  const dateValid = !!value.date && !dateProblem;
  const availability = useAvailability({ venueId: venue.id, date: value.date, duration: value.duration }, dateValid);
  const open = availability.data && availability.data.date === value.date ? availability.data : null;
  const taken = new Set<string>(open?.takenStartTimes ?? []);
  const soldOut = (open?.soldOutDates ?? []).filter((d) => d >= today);
  const chosenTaken = !!value.startTime && taken.has(value.startTime);
  const ready = scheduleComplete(value) && !chosenTaken;
  const total = yachtPrice(venue, value.duration);

  return (
    <StepShell
      title="Book Your Yacht"
      eyebrow={venue.name}
      onBack={onBack}
      focusTitle={focusTitle}
      footer={
        <PriceBar
          label={`Total for ${formatHours(value.duration)}`}
          price={formatDollars(total)}
          priceTestId="schedule-price"
          action={
            <Button type="button" size="lg" disabled={!ready} aria-describedby={hintId} onClick={onNext}>
              Next
            </Button>
          }
        />
      }
    >
      <BookingDateField
        value={value.date}
        onChange={(date) => onChange({ ...value, date })}
        problem={dateProblem}
        required
      />

      <SoldOutNights nights={soldOut} date={value.date} instead="Choose another night." />

      <fieldset>
        <legend className="mb-2 block text-sm font-medium text-neutral-200">Start time</legend>
        <div className="grid grid-cols-3 gap-2">
          {START_TIME_OPTIONS.map((o) => {
            const isTaken = taken.has(o.value);
            return (
              <label key={o.value} className="relative">
                <input
                  type="radio"
                  name="yacht-start-time"
                  value={o.value}
                  checked={value.startTime === o.value}
                  disabled={isTaken}
                  aria-label={isTaken ? `${o.label}, taken for ${formatHours(value.duration)}` : undefined}
                  onChange={() => onChange({ ...value, startTime: o.value })}
                  className="peer sr-only"
                />
                <span
                  className={cn(
                    'flex h-11 flex-col items-center justify-center rounded-xl border text-sm font-semibold transition-colors',
                    isTaken
                      ? 'cursor-not-allowed border-dashed border-white/20 bg-transparent text-neutral-400'
                      : 'border-white/40 bg-white/5 text-neutral-100 hover:border-gold-400/80',
                    'peer-checked:border-gold-300 peer-checked:bg-gold-400 peer-checked:text-neutral-950',
                    'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-gold-400',
                  )}
                >
                  <span className={isTaken ? 'line-through' : undefined}>{o.label}</span>
                  {isTaken ? <span className="text-[11px] font-normal">Taken</span> : null}
                </span>
              </label>
            );
          })}
        </div>
        {chosenTaken ? (
          <p role="status" className="mt-2 text-sm text-red-300">
            This start time is taken for {formatHours(value.duration)}. Choose another start time or a shorter duration.
          </p>
        ) : null}
      </fieldset>

      <BookingDurationField value={value.duration} onChange={(duration) => onChange({ ...value, duration })} />

      <p id={hintId} className="rounded-2xl border border-gold-400/30 bg-gold-400/10 px-4 py-3 text-sm text-gold-100">
        Hit Next to Start Inviting Guest
      </p>
    </StepShell>
  );
}
