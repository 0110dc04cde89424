import { api, buildPath } from '@luxe/contracts';
import { buttonClasses } from './ui/button';

/** Where a confirmed booking's calendar file is downloaded (its host and its approved guests). */
export function calendarFileUrl(bookingId: string): string {
  return buildPath(api.bookings.calendar.path, { id: bookingId });
}

/** 'Add to calendar': downloads the booking's .ics file, which the device's calendar opens. */
export function AddToCalendarLink({ bookingId, venueName }: { bookingId: string; venueName: string }) {
  return (
    <a
      href={calendarFileUrl(bookingId)}
      download={`luxeswipe-${bookingId}.ics`}
      className={buttonClasses('secondary', 'sm', 'self-start')}
    >
      Add to calendar
      <span className="sr-only">: {venueName}</span>
    </a>
  );
}
