import type { AvailableEvent } from '@luxe/contracts';
import { formatClockTime } from '../../lib/format';

/** Age shown for a member who has not given one (docs/product.md#profiles). */
export const DEFAULT_AGE = 25;

export function displayAge(age: number | null | undefined): number {
  return age ?? DEFAULT_AGE;
}

/** '1 person attending', '4 people attending'. */
export function attendeesText(count: number): string {
  return `${count} ${count === 1 ? 'person' : 'people'} attending`;
}

/** How many attendees the avatars leave out ('+N'), 0 when all are shown. */
export function moreAttendees({ count, avatars }: AvailableEvent['attendees']): number {
  return Math.max(count - avatars.length, 0);
}

/** Start and end of the night in New York ('HH:mm' of the New York day): '10:00 PM - 2:00 AM EST'. */
export function formatEventTimes({ startTime, endTime }: Pick<AvailableEvent, 'startTime' | 'endTime'>): string {
  return `${formatClockTime(startTime)} - ${formatClockTime(endTime)} EST`;
}
