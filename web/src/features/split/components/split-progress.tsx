import { useBookingSplit } from '../api/split';

/** On the host's My Bookings card of a held booking: "2 of 4 shares paid" while its split is open. */
export function SplitProgress({ bookingId }: { bookingId: string }) {
  const split = useBookingSplit(bookingId);
  if (!split.data) return null;
  return (
    <p data-testid="booking-split" className="text-sm text-gold-200">
      {split.data.paidCount} of {split.data.shares.length} shares paid
    </p>
  );
}
