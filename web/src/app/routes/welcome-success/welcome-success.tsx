import { Link } from 'react-router-dom';
import { Logo } from '../../../components/layout/logo';
import { buttonClasses } from '../../../components/ui/button';
import { homePathFor, useCurrentUser } from '../../../lib/auth-store';

/** Where a new guest or venue owner lands after sign-up. */
export function WelcomeSuccessRoute() {
  const user = useCurrentUser();
  return (
    <div className="flex min-h-dvh flex-col items-center bg-neutral-950 bg-[radial-gradient(ellipse_at_top,_rgba(212,175,55,0.18),_transparent_60%)] px-5 py-6 text-neutral-100">
      <header className="w-full max-w-md">
        <Logo />
      </header>
      <main className="mt-16 flex w-full max-w-md flex-col items-center gap-5 text-center">
        <span
          aria-hidden="true"
          className="flex h-20 w-20 items-center justify-center rounded-full bg-gold-400/15 text-4xl text-gold-300"
        >
          ✦
        </span>
        <h1 className="font-display text-4xl font-semibold text-white">
          {user ? `Welcome to LuxeSwipe, ${user.firstName}!` : 'Welcome to LuxeSwipe!'}
        </h1>
        <p className="text-neutral-300">
          Your account is ready. Complete your profile so hosts and guests know who they are meeting, then start
          discovering exclusive events.
        </p>
        <Link to={user ? homePathFor(user) : '/login'} className={buttonClasses('primary', 'lg', 'mt-4 w-full')}>
          {user ? 'Go to Dashboard' : 'Sign In to Continue'}
        </Link>
      </main>
    </div>
  );
}
