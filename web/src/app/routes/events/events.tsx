import { ComingSoon } from '../../../components/layout/coming-soon';

/** /events: public events page (second document); a placeholder for now. */
export function EventsRoute() {
  return <ComingSoon title="Browse Events" route="/events" />;
}
