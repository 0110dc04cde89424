import { useParams } from 'react-router-dom';
import { ComingSoon } from '../../../components/layout/coming-soon';

/** /booking/:venueId: the booking screen (second document); a placeholder for now. */
export function BookingRoute() {
  const { venueId } = useParams();
  return <ComingSoon title="Book a Venue" route={`/booking/${venueId ?? ''}`} backTo="/dashboard?tab=events" />;
}
