import { Link } from 'react-router-dom';
import { Logo } from '../../../components/layout/logo';
import { buttonClasses } from '../../../components/ui/button';

/** The separate login success page (docs/product.md#accounts-login): a welcome message, Sign In to Continue and Back to Home. */
export function LoginSuccessRoute() {
  return (
    <div className="flex min-h-dvh flex-col items-center bg-neutral-950 px-5 py-6 text-neutral-100">
      <header className="w-full max-w-md">
        <Logo />
      </header>
      <main className="mt-16 flex w-full max-w-md flex-col items-center gap-5 text-center">
        <h1 className="font-display text-4xl font-semibold text-white">Welcome to LuxeSwipe!</h1>
        <p className="text-neutral-300">
          Your account is ready. Sign in to discover exclusive events and luxury experiences.
        </p>
        <Link to="/login" className={buttonClasses('primary', 'lg', 'mt-4 w-full')}>
          Sign In to Continue
        </Link>
        <Link to="/" className={buttonClasses('secondary', 'md', 'w-full')}>
          Back to Home
        </Link>
      </main>
    </div>
  );
}
