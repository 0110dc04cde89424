import { formatInTimeZone } from 'date-fns-tz';

/**
 * Cancellation policies (docs/product.md#cancellation-policies).
 * Each venue has one of three policies; a booking keeps the
 * policy it was booked under (what checkout showed applies). A policy is a schedule of bands:
 * cancelling at least `minHoursBefore` hours before the booking's start refunds `refundPercent`
 * of what was paid; the first band reached applies; past every band, nothing is refunded.
 * Hours are elapsed time between instants (a deadline across a daylight-saving change moves by an
 * hour on the clock), the way the server decides.
 *
 * - flexible: full refund up to 24 hours before the start; none after.
 * - moderate: full refund up to 5 days (120 h) before; 50 % up to 48 hours before; none after.
 * - strict:   full refund up to 14 days (336 h) before; 50 % up to 7 days (168 h) before; none after.
 *
 * (Close to Airbnb's and GetMyBoat's public schedules of the same names.)
 */
export const CANCELLATION_POLICIES = ['flexible', 'moderate', 'strict'] as const;
export type CancellationPolicy = (typeof CANCELLATION_POLICIES)[number];
export const DEFAULT_CANCELLATION_POLICY: CancellationPolicy = 'moderate';
export const CANCELLATION_POLICY_MESSAGE = 'Cancellation policy must be flexible, moderate or strict';

export interface RefundBand {
  minHoursBefore: number;
  refundPercent: number;
}

export const CANCELLATION_SCHEDULES: Readonly<Record<CancellationPolicy, readonly RefundBand[]>> = {
  flexible: [{ minHoursBefore: 24, refundPercent: 100 }],
  moderate: [
    { minHoursBefore: 120, refundPercent: 100 },
    { minHoursBefore: 48, refundPercent: 50 },
  ],
  strict: [
    { minHoursBefore: 336, refundPercent: 100 },
    { minHoursBefore: 168, refundPercent: 50 },
  ],
};

export const CANCELLATION_POLICY_LABELS: Readonly<Record<CancellationPolicy, string>> = {
  flexible: 'Flexible',
  moderate: 'Moderate',
  strict: 'Strict',
};

/** The zone deadlines are shown in (the same as BOOKING_TIME_ZONE; not imported, to keep this module free of cycles). */
export const CANCELLATION_TIME_ZONE = 'America/New_York';

const HOUR_MS = 3_600_000;

export function isCancellationPolicy(v: unknown): v is CancellationPolicy {
  return typeof v === 'string' && (CANCELLATION_POLICIES as readonly string[]).includes(v);
}

/** A stored or legacy value as a policy: free text naming flexible or strict maps to it, anything else to moderate. */
export function toCancellationPolicy(v: string | null | undefined): CancellationPolicy {
  if (isCancellationPolicy(v)) return v;
  const t = (v ?? '').toLowerCase();
  if (t.includes('flexible')) return 'flexible';
  if (t.includes('strict')) return 'strict';
  return DEFAULT_CANCELLATION_POLICY;
}

/**
 * The refund percentage for cancelling at `now` a booking starting at `startsAt`: the first band
 * whose deadline (start − minHoursBefore) has not passed, inclusive (exactly at the deadline still
 * counts); 0 once every deadline has passed or the booking has started.
 */
export function refundPercentAt(policy: CancellationPolicy, startsAt: Date, now: Date): number {
  const before = startsAt.getTime() - now.getTime();
  if (before <= 0) return 0;
  for (const band of CANCELLATION_SCHEDULES[policy])
    if (before >= band.minHoursBefore * HOUR_MS) return band.refundPercent;
  return 0;
}

/** The refund in cents of `paidCents` at `percent`, rounded down (never more than was paid). */
export function refundCents(paidCents: number, percent: number): number {
  return Math.max(0, Math.min(paidCents, Math.floor((paidCents * percent) / 100)));
}

export interface RefundDeadline {
  /** Cancel before this instant to get `refundPercent`. */
  before: Date;
  refundPercent: number;
}

/** The policy's deadlines for a booking starting at `startsAt`, earliest first. */
export function refundDeadlines(policy: CancellationPolicy, startsAt: Date): RefundDeadline[] {
  return CANCELLATION_SCHEDULES[policy].map((b) => ({
    before: new Date(startsAt.getTime() - b.minHoursBefore * HOUR_MS),
    refundPercent: b.refundPercent,
  }));
}

/** 'full refund', '50% refund', 'no refund'. */
export function refundLabel(percent: number): string {
  return percent >= 100 ? 'full refund' : percent <= 0 ? 'no refund' : `${percent}% refund`;
}

/** 'Fri, Nov 27, 6:00 PM' in America/New_York. */
export function formatDeadline(at: Date): string {
  return formatInTimeZone(at, CANCELLATION_TIME_ZONE, 'EEE, MMM d, h:mm a');
}

export interface ScheduleLine {
  /** 'Cancel before Fri, Nov 27, 6:00 PM' or 'After that'. */
  when: string;
  /** 'full refund', '50% refund', 'no refund'. */
  refund: string;
  refundPercent: number;
}

/** The single line of a booking whose every refund deadline has passed at the time shown. */
export const NON_REFUNDABLE_LINE: ScheduleLine = {
  when: 'Refund deadlines have passed: non-refundable',
  refund: refundLabel(0),
  refundPercent: 0,
};

/**
 * The schedule as lines for a booking starting at `startsAt`, as it stands at `now` (times in
 * America/New_York, shown as EST, like every time in the app). A deadline already passed is left
 * out: it is no longer on offer, and the first line is what cancelling now refunds (refundPercentAt,
 * the server's rule). Once every deadline has passed, one line says the booking is non-refundable.
 */
export function cancellationScheduleLines(
  policy: CancellationPolicy,
  startsAt: Date,
  now: Date = new Date(),
): ScheduleLine[] {
  const open = refundDeadlines(policy, startsAt).filter((d) => d.before.getTime() >= now.getTime());
  if (open.length === 0) return [NON_REFUNDABLE_LINE];
  const lines: ScheduleLine[] = open.map((d) => ({
    when: `Cancel before ${formatDeadline(d.before)} EST`,
    refund: refundLabel(d.refundPercent),
    refundPercent: d.refundPercent,
  }));
  lines.push({ when: 'After that', refund: refundLabel(0), refundPercent: 0 });
  return lines;
}

/** One sentence: 'Cancel before Fri, Nov 27, 6:00 PM EST: full refund; before Sat, …: 50% refund; after: no refund.' */
export function formatCancellationSchedule(policy: CancellationPolicy, startsAt: Date): string {
  const parts = refundDeadlines(policy, startsAt).map(
    (d, i) =>
      `${i === 0 ? 'Cancel before' : 'before'} ${formatDeadline(d.before)} EST: ${refundLabel(d.refundPercent)}`,
  );
  return `${parts.join('; ')}; after: no refund.`;
}

/** The policy's rules in words, independent of a date: 'Full refund up to 5 days before the start; 50% refund up to 48 hours before; no refund after.' */
export function describeCancellationPolicy(policy: CancellationPolicy): string {
  const span = (h: number) => (h % 24 === 0 && h >= 72 ? `${h / 24} days` : `${h} hours`);
  const parts = CANCELLATION_SCHEDULES[policy].map(
    (b, i) =>
      `${i === 0 ? refundLabel(b.refundPercent).replace(/^./, (c) => c.toUpperCase()) : refundLabel(b.refundPercent)} up to ${span(b.minHoursBefore)} before${i === 0 ? ' the start' : ''}`,
  );
  return `${parts.join('; ')}; no refund after.`;
}
