import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
import { buttonClasses } from '../../../components/ui/button';

/** Shown when a route throws while rendering. */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : null;
  return (
    <div
      role="alert"
      className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-neutral-950 px-6 text-center text-neutral-100"
    >
      <h1 className="font-display text-3xl font-semibold">Something went wrong</h1>
      <p className="max-w-sm text-neutral-400">Please reload the page. If it keeps happening, contact Support.</p>
      {import.meta.env.DEV && detail ? (
        <pre className="max-w-full overflow-auto text-left text-xs text-red-300">{detail}</pre>
      ) : null}
      <Link to="/" className={buttonClasses('secondary')}>
        Back to Home
      </Link>
    </div>
  );
}
