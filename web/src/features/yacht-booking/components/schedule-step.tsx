import { useId } from 'react';
import { bookingDateProblem, DURATION_HOURS, lastBookableDate, todayInNewYork, yachtPrice, type StartTime, type Venue } from '@luxe/contracts';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { cn } from '../../../lib/cn';
import { formatDollars, formatHours } from '../../../lib/format';
import { START_TIME_OPTIONS } from '../rules';
import { StepShell } from './step-shell';

export interface Schedule {
  /** 'yyyy-MM-dd', or '' when cleared. */
  date: string;
  startTime: StartTime | '';
  duration: number;
}

const DURATIONS = Array.from({ length: DURATION_HOURS.max - DURATION_HOURS.min + 1 }, (_, i) => DURATION_HOURS.min + i);

/** Whether Next may go on: a date that may be booked (bookingDateProblem) and a start time. */
export function scheduleComplete(s: Schedule, now = new Date()): boolean {
  return bookingDateProblem(s.date, now) === null && !!s.startTime;
}

/** Step 2, 'Book Your Yacht': date, start time and duration, with the price (spec doc 2 §2, §5, §9). */
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
  const dateId = useId();
  const dateErrorId = useId();
  const durationId = useId();
  const hintId = useId();
  // A cleared field says nothing until Next (which stays disabled); a wrong date says what is wrong.
  const dateProblem = value.date ? bookingDateProblem(value.date) : null;
  const ready = scheduleComplete(value);
  const total = yachtPrice(venue, value.duration);

  return (
    <StepShell
      title="Book Your Yacht"
      eyebrow={venue.name}
      onBack={onBack}
      focusTitle={focusTitle}
      footer={
        <>
          <p className="flex-1">
            <span className="block text-xs text-neutral-400">Total for {formatHours(value.duration)}</span>
            <span data-testid="schedule-price" className="text-lg font-semibold text-white">
              {formatDollars(total)}
            </span>
          </p>
          <Button type="button" size="lg" disabled={!ready} aria-describedby={hintId} onClick={onNext}>
            Next
          </Button>
        </>
      }
    >
      <div>
        <Label htmlFor={dateId}>Date</Label>
        <Input
          id={dateId}
          type="date"
          min={today}
          max={lastBookableDate()}
          value={value.date}
          required
          aria-invalid={dateProblem ? true : undefined}
          aria-describedby={dateProblem ? dateErrorId : undefined}
          onChange={(e) => onChange({ ...value, date: e.target.value })}
          className="[color-scheme:dark]"
        />
        {dateProblem ? (
          <p id={dateErrorId} role="alert" className="mt-2 text-sm text-red-300">
            {dateProblem}
          </p>
        ) : null}
      </div>

      <fieldset>
        <legend className="mb-2 block text-sm font-medium text-neutral-200">Start time</legend>
        <div className="grid grid-cols-3 gap-2">
          {START_TIME_OPTIONS.map((o) => (
            <label key={o.value} className="relative">
              <input
                type="radio"
                name="yacht-start-time"
                value={o.value}
                checked={value.startTime === o.value}
                onChange={() => onChange({ ...value, startTime: o.value })}
                className="peer sr-only"
              />
              <span
                className={cn(
                  'flex h-11 items-center justify-center rounded-xl border text-sm font-semibold transition-colors',
                  'border-white/40 bg-white/5 text-neutral-100 hover:border-gold-400/80',
                  'peer-checked:border-gold-300 peer-checked:bg-gold-400 peer-checked:text-neutral-950',
                  'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-gold-400',
                )}
              >
                {o.label}
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      <div>
        <Label htmlFor={durationId}>Duration</Label>
        <Select id={durationId} value={value.duration} onChange={(e) => onChange({ ...value, duration: Number(e.target.value) })}>
          {DURATIONS.map((h) => (
            <option key={h} value={h}>
              {formatHours(h)}
            </option>
          ))}
        </Select>
      </div>

      <p id={hintId} className="rounded-2xl border border-gold-400/30 bg-gold-400/10 px-4 py-3 text-sm text-gold-100">
        Hit Next to Start Inviting Guest
      </p>
    </StepShell>
  );
}
