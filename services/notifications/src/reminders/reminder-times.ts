/** The reminders of a booking (docs/product.md#messaging-notifications): a day before it starts, and 2 hours before. */
export const REMINDERS = [
  { which: '24h', beforeMs: 24 * 3_600_000 },
  { which: '2h', beforeMs: 2 * 3_600_000 },
] as const;
export type ReminderWhich = (typeof REMINDERS)[number]['which'];

/**
 * When each reminder of a booking starting at `startsAt` is due, as of `now`: a reminder whose
 * time has passed is not sent at all (a booking made for tonight gets no "tomorrow" reminder),
 * nor any for a booking that has started.
 */
export function reminderTimes(startsAt: Date, now: Date): { which: ReminderWhich; at: Date }[] {
  return REMINDERS.map((r) => ({ which: r.which, at: new Date(startsAt.getTime() - r.beforeMs) })).filter(
    (r) => r.at.getTime() > now.getTime(),
  );
}
