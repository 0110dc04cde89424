import { Link } from 'react-router-dom';
import { AuthShell, SignInPrompt } from '../../../components/layout/auth-shell';

const ROLES = [
  {
    type: 'host',
    title: 'Host',
    description: 'Book exclusive venues and invite guests to unforgettable experiences.',
    points: ['Book VIP sections', 'Invite guests', 'Premium venues'],
    icon: '♛',
  },
  {
    type: 'guest',
    title: 'Guest',
    description: 'Get invited to exclusive events and luxury experiences.',
    points: ['Attend VIP events', 'Connect with hosts', 'Exclusive access'],
    icon: '✦',
  },
  {
    type: 'venue',
    title: 'Venue Owner',
    description: 'List your club, rooftop or yacht and fill it with the right crowd.',
    points: ['List your venue', 'Manage bookings', 'Grow your business'],
    icon: '⚓',
  },
  {
    // Not among the spec's three cards, though it is "a fourth type offered at registration" (docs/product.md#accounts-join).
    type: 'entertainer',
    title: 'Entertainer',
    description: 'Perform at the strip clubs on LuxeSwipe: join their line-up and take VIP room bookings.',
    points: ['Join venues', 'VIP room assignments', 'Your own profile'],
    icon: '✧',
  },
] as const;

/** Role-choice page (docs/product.md#accounts-join), with the entertainer's card as a fourth. */
export function JoinRoute() {
  return (
    <AuthShell
      title="Choose Your Role"
      subtitle="How will you experience LuxeSwipe?"
      back={{ to: '/', label: 'Back to home' }}
      footer={<SignInPrompt />}
    >
      <ul className="flex flex-col gap-4">
        {ROLES.map((role) => (
          <li key={role.type}>
            <Link
              to={`/signup?type=${role.type}`}
              className="group flex gap-4 rounded-3xl border border-white/10 bg-neutral-900/70 p-5 transition hover:border-gold-400/60 focus-visible:outline-2 focus-visible:outline-gold-400"
            >
              <span
                aria-hidden="true"
                className="flex h-12 w-12 shrink-0 items-center justify-center rounded-2xl bg-gold-400/10 text-2xl text-gold-300"
              >
                {role.icon}
              </span>
              <span className="flex flex-col gap-1">
                <span className="text-lg font-semibold text-white group-hover:text-gold-100">{role.title}</span>
                <span className="text-sm text-neutral-400">{role.description}</span>
                <span className="mt-2 flex flex-wrap gap-2">
                  {role.points.map((p) => (
                    <span key={p} className="rounded-full bg-white/5 px-3 py-1 text-xs text-neutral-300">
                      {p}
                    </span>
                  ))}
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </AuthShell>
  );
}
