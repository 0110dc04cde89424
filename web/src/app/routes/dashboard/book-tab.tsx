import { CancelBookingDialog } from '../../../features/cancellation/components/cancel-booking-dialog';
import { usePendingJoinRequestCounts } from '../../../features/join-requests/api/booking-join-requests';
import { GuestRequestsDialog } from '../../../features/join-requests/components/guest-requests-dialog';
import { MyBookings } from '../../../features/my-bookings/components/my-bookings';
import { SplitProgress } from '../../../features/split/components/split-progress';

/**
 * The dashboard's Book tab: My Bookings with what the other features add to a booking's card (its
 * guest requests, its split's progress while held, its cancellation).
 */
export function BookTab({ userId, onBrowseEvents }: { userId: string; onBrowseEvents: () => void }) {
  const pending = usePendingJoinRequestCounts();
  return (
    <MyBookings
      userId={userId}
      onBrowseEvents={onBrowseEvents}
      pendingRequests={new Map((pending.data ?? []).map((p) => [p.bookingId, p.pending]))}
      renderGuestRequests={(booking, onClose) => (
        <GuestRequestsDialog bookingId={booking.id} venueName={booking.venueName} onClose={onClose} />
      )}
      renderSplitProgress={(booking) => <SplitProgress bookingId={booking.id} />}
      renderCancel={(booking, onClose) => <CancelBookingDialog booking={booking} onClose={onClose} />}
    />
  );
}
