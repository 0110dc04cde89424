import { Link } from 'react-router-dom';
import { buttonClasses } from './ui/button';

/** Where the signed-in attendee's pass for a booking opens (the page fetches it, then shows /pass/{token}). */
export const myPassPath = (bookingId: string) => `/bookings/${bookingId}/pass`;

/** 'Show pass': the attendee's door pass for a confirmed booking. */
export function ShowPassLink({ bookingId, venueName }: { bookingId: string; venueName: string }) {
  return (
    <Link to={myPassPath(bookingId)} className={buttonClasses('secondary', 'sm', 'self-start')}>
      Show pass
      <span className="sr-only">: {venueName}</span>
    </Link>
  );
}
