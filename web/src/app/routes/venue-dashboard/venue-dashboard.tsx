import { ComingSoon } from '../../../components/layout/coming-soon';
import { LogoutButton } from '../../../features/auth/components/logout-button';
import { useCurrentUser } from '../../../lib/auth-store';

/** /venue-dashboard: the venue owner's dashboard (second document); a placeholder for now. */
export function VenueDashboardRoute() {
  const user = useCurrentUser();
  return (
    <ComingSoon title="Venue Dashboard" route="/venue-dashboard" backTo="/">
      {user ? (
        <p data-testid="dashboard-greeting" className="text-neutral-300">
          Welcome, <span className="font-semibold text-gold-200">{user.firstName}</span>
        </p>
      ) : null}
      <LogoutButton className="self-center" />
    </ComingSoon>
  );
}
