import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { AuthShell } from '../../../components/layout/auth-shell';
import { readStepOneB, roleOrder, saveSignupDraft } from '../../../features/auth/signup-draft';

/** The role cards of reading B (docs/product.md#accounts-signup-b); the Venue Owner card exists but is not offered here. */
export const ROLE_CARDS = {
  guest: {
    title: 'Guest',
    text: 'Get invited to exclusive events and luxury experiences',
    points: ['Attend VIP events', 'Connect with hosts', 'Exclusive access'],
  },
  host: {
    title: 'Host',
    text: 'Book exclusive venues and invite guests to unforgettable experiences',
    points: ['Book VIP sections', 'Invite guests', 'Premium venues'],
  },
  venue: {
    title: 'Venue Owner',
    text: 'List your venue and fill it every night',
    points: ['List your venue', 'Manage bookings', 'Grow your business'],
  },
} as const;

/** /role-selection?gender=…: sign-up step 2 of 3 (reading B). The card order follows the gender. */
export function RoleSelectionRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const stepOne = readStepOneB();
  if (!stepOne) return <Navigate to="/register" replace />;
  const order = roleOrder(params.get('gender'));

  const choose = (role: 'host' | 'guest') => {
    saveSignupDraft({ ...stepOne, userType: role });
    navigate(`/signup-location?type=${role}`);
  };

  return (
    <AuthShell
      title="Choose Your Role"
      subtitle="How will you use LuxeSwipe?"
      back={{ to: '/join', label: 'Back to role choice' }}
      step={{ current: 2, total: 3 }}
    >
      <ul className="flex flex-col gap-4" aria-label="Roles">
        {order.map((role) => {
          const card = ROLE_CARDS[role];
          return (
            <li key={role}>
              <button
                type="button"
                onClick={() => choose(role)}
                className="w-full rounded-3xl border border-white/10 bg-neutral-900/70 p-5 text-left transition-colors hover:border-gold-400/60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-400"
              >
                <span className="block font-display text-2xl font-semibold text-white">{card.title}</span>
                <span className="mt-1 block text-sm text-neutral-300">{card.text}</span>
                <span className="mt-3 flex flex-wrap gap-2">
                  {card.points.map((p) => (
                    <span key={p} className="rounded-full bg-gold-400/10 px-3 py-1 text-xs text-gold-200">
                      {p}
                    </span>
                  ))}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </AuthShell>
  );
}
