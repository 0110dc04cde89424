import { bookingWindow, nightsOfMonth, START_TIMES, type Availability, type StartTime } from '@luxe/contracts';

export interface Window {
  startsAt: Date;
  endsAt: Date;
}

/**
 * What the booking page greys out, from the windows read once (pure, so it is unit tested apart):
 * a start time is taken when the unit's bookings overlapping it reach its capacity (what create
 * and hold refuse with SLOT_TAKEN), or when any booking of the chosen entertainer overlaps it
 * (DANCER_TAKEN: he is one person, in whichever room). Sold-out nights are the unit's own: the
 * entertainer's evening says nothing about the room.
 */
export function availabilityOf(
  q: { date: string; duration: number },
  unit: { windows: readonly Window[]; capacity: number },
  dancerWindows: readonly Window[] = [],
): Availability {
  const overlapping = (windows: readonly Window[], date: string, start: StartTime, duration: number) => {
    const w = bookingWindow(date, start, duration);
    return windows.filter((b) => b.startsAt < w.endsAt && b.endsAt > w.startsAt).length;
  };
  const full = (date: string, start: StartTime, duration: number) =>
    overlapping(unit.windows, date, start, duration) >= unit.capacity;
  const unitTaken = START_TIMES.filter((t) => full(q.date, t, q.duration));
  const dancerTaken = START_TIMES.filter(
    (t) => !unitTaken.includes(t) && overlapping(dancerWindows, q.date, t, q.duration) > 0,
  );
  return {
    date: q.date,
    duration: q.duration,
    takenStartTimes: START_TIMES.filter((t) => unitTaken.includes(t) || dancerTaken.includes(t)),
    dancerTakenStartTimes: dancerTaken,
    soldOutDates: nightsOfMonth(q.date).filter((d) => START_TIMES.every((t) => full(d, t, 1))),
  };
}
