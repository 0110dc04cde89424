import { Link, useLocation } from 'react-router-dom';
import { buttonClasses } from '../../../components/ui/button';

/** Any path not in the route table (docs/product.md#accounts-routes). */
export function NotFoundRoute() {
  const location = useLocation();
  return (
    <main className="flex min-h-dvh items-center justify-center bg-neutral-950 px-5 text-neutral-100">
      <div className="w-full max-w-md rounded-3xl border border-white/10 bg-neutral-900/70 p-8">
        <div className="flex items-center gap-3">
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="h-8 w-8 text-red-400"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <circle cx="12" cy="12" r="10" />
            <path d="M12 8v4M12 16h.01" />
          </svg>
          <h1 className="text-2xl font-bold text-white">404 Page Not Found</h1>
        </div>
        <p className="mt-4 text-sm text-neutral-400">
          Nothing lives at <code className="text-neutral-200">{location.pathname}</code>. Did you forget to add the page
          to the router?
        </p>
        <Link to="/" className={buttonClasses('secondary', 'md', 'mt-6')}>
          Back to Home
        </Link>
      </div>
    </main>
  );
}
