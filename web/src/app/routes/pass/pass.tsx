import { useParams } from 'react-router-dom';
import { MyPassRedirect } from '../../../features/passes/components/my-pass-redirect';
import { PassPage } from '../../../features/passes/components/pass-page';

/** /pass/:token: an attendee's door pass (public: the link is the pass). */
export function PassRoute() {
  const { token = '' } = useParams();
  return <PassPage key={token} token={token} />;
}

/** /bookings/:bookingId/pass: the signed-in attendee's pass for a booking ('Show pass'). */
export function MyPassRoute() {
  const { bookingId = '' } = useParams();
  return <MyPassRedirect key={bookingId} bookingId={bookingId} />;
}
