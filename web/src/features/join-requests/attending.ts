import { bookingWindow, type JoinRequest } from '@luxe/contracts';

/** When the request's event starts (a start after midnight belongs to the night of its date). */
export function eventStartsAt(request: Pick<JoinRequest, 'bookingDate' | 'startTime'>): Date {
  return bookingWindow(request.bookingDate, request.startTime, 0).startsAt;
}

/** The approved requests whose events have not started yet, soonest first: the events a guest is attending. */
export function upcomingApproved<T extends Pick<JoinRequest, 'status' | 'bookingDate' | 'startTime'>>(
  requests: readonly T[],
  now: Date = new Date(),
): T[] {
  return requests
    .filter((r) => r.status === 'approved')
    .map((r) => ({ r, at: eventStartsAt(r).getTime() }))
    .filter(({ at }) => at > now.getTime())
    .sort((x, y) => x.at - y.at)
    .map(({ r }) => r);
}
