import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';

/**
 * 'View Guest Requests' of one booking (spec doc 1 §2, My Bookings).
 *
 * Seam: join requests are another feature. When it lands, this dialog reads
 * GET /api/event-join-requests for `bookingId` and shows 'Pending Requests (n)' with Approve and
 * Decline, and 'Approved Guests (n)'; until then every booking has no request.
 */
export function GuestRequestsDialog({ bookingId, venueName, onClose }: { bookingId: string; venueName: string; onClose: () => void }) {
  return (
    <Dialog title="Guest Requests" description={venueName} onClose={onClose}>
      <p data-booking-id={bookingId} className="rounded-2xl border border-white/10 bg-white/5 p-6 text-center text-neutral-300">
        No guest requests yet
      </p>
      <Button type="button" variant="secondary" onClick={onClose}>
        Close
      </Button>
    </Dialog>
  );
}
