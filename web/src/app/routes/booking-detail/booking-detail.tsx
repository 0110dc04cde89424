import { useParams } from 'react-router-dom';
import { CancelBookingDialog } from '../../../features/cancellation/components/cancel-booking-dialog';
import { BookingDetail } from '../../../features/my-bookings/components/booking-detail';
import { BookingPass } from '../../../features/passes/components/booking-pass';
import { useCurrentUser } from '../../../lib/auth-store';

/** /bookings/:bookingId: one of the signed-in member's bookings (where a paid checkout lands). */
export function BookingDetailRoute() {
  const { bookingId = '' } = useParams();
  const user = useCurrentUser();
  // RequireAuth renders this only for a signed-in member.
  if (!user) return null;
  return (
    <BookingDetail
      key={bookingId}
      userId={user.id}
      bookingId={bookingId}
      renderPass={(booking) => <BookingPass booking={booking} />}
      renderCancel={(booking, onClose) => <CancelBookingDialog booking={booking} onClose={onClose} />}
    />
  );
}
