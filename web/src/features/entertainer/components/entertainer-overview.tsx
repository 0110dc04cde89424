import { Link } from 'react-router-dom';
import { buttonClasses } from '../../../components/ui/button';
import { Statistic } from '../../../components/ui/panel';
import { greetingFor } from '../../../lib/greeting';
import { useMyAssignments } from '../api/assignments';
import { useMyVenueRequests } from '../api/venue-requests';

const TABS = { venues: '/dashboard?tab=venues', assignments: '/dashboard?tab=assignments' } as const;

/**
 * The entertainer's home: greeting, the way to My Venues and VIP Rooms, and how things stand
 * (venues joined, requests waiting on an owner, VIP room proposals waiting on an answer).
 */
export function EntertainerOverview({ firstName }: { firstName: string }) {
  const requests = useMyVenueRequests();
  const assignments = useMyAssignments();
  const joined = (requests.data ?? []).filter((r) => r.status === 'approved').length;
  const waiting = (requests.data ?? []).filter((r) => r.status === 'pending').length;
  const proposals = (assignments.data ?? []).filter((a) => a.status === 'proposed').length;

  return (
    <>
      <section
        aria-labelledby="entertainer-greeting"
        data-testid="home-overview"
        className="rounded-3xl border border-white/10 bg-neutral-900/70 p-6"
      >
        <h2 id="entertainer-greeting" className="font-display text-2xl font-semibold break-words text-white">
          {greetingFor()}, {firstName}
        </h2>
        <p className="mt-1 text-sm text-neutral-300">
          Join the strip clubs you perform at and answer their VIP room proposals.
        </p>
        <div className="mt-5 flex flex-col gap-3 min-[400px]:flex-row">
          <Link to={TABS.venues} className={buttonClasses('primary', 'md')}>
            My Venues
          </Link>
          <Link to={TABS.assignments} className={buttonClasses('secondary', 'md')}>
            VIP Rooms
          </Link>
        </div>
      </section>

      {requests.isSuccess && assignments.isSuccess ? (
        <section aria-labelledby="entertainer-statistics">
          <h2 id="entertainer-statistics" className="sr-only">
            Statistics
          </h2>
          <dl className="grid grid-cols-3 gap-3">
            <Statistic label="Venues Joined" value={joined} />
            <Statistic label="Pending Requests" value={waiting} />
            <Statistic label="VIP Proposals" value={proposals} />
          </dl>
        </section>
      ) : null}
    </>
  );
}
