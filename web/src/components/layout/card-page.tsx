import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { cn } from '../../lib/cn';
import { QueryError, type QueryLike } from '../query-state';
import { buttonClasses } from '../ui/button';
import { Logo } from './logo';
import { SignedInBell } from './notification-bell';

/**
 * The frame of a page outside the dashboards' tab bar: the logo (leading to `logoTo`) and `aside`
 * (the bell, a way back) over the page's own content. `wide` for several columns of details.
 */
export function PageFrame({
  logoTo,
  aside,
  wide = false,
  children,
}: {
  logoTo?: string;
  aside?: ReactNode;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="min-h-dvh bg-neutral-950 px-5 py-6 text-neutral-100">
      <div className={cn('mx-auto flex flex-col gap-6', wide ? 'max-w-lg' : 'max-w-md')}>
        <header className="flex flex-wrap items-center justify-between gap-4">
          <Logo to={logoTo} />
          {aside}
        </header>
        {children}
      </div>
    </div>
  );
}

/** The header's way out of a signed-in step (checkout, paying a share): the bell, and a link to the dashboard. */
export function DashboardExit({ label }: { label: string }) {
  return (
    <div className="flex items-center gap-2">
      <SignedInBell />
      <Link to="/dashboard" className={buttonClasses('ghost', 'sm')}>
        {label}
      </Link>
    </div>
  );
}

/** A page that is one card in a PageFrame (a door pass, a friend invite, one booking). */
export function CardPage({
  aside,
  wide = false,
  className,
  children,
}: {
  aside?: ReactNode;
  wide?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <PageFrame aside={aside} wide={wide}>
      <main
        className={cn('flex flex-col gap-5 rounded-3xl border border-white/10 bg-neutral-900/70 p-6 sm:p-8', className)}
      >
        {children}
      </main>
    </PageFrame>
  );
}

/**
 * A centred CardPage opened from a link someone shared (a door pass, a friend invite), through the
 * states of the one query it shows: loading; the link's target gone (`isNotFound`: `notFound` says
 * so and leads home, as there is nothing to try again); failed (Try Again); then `children`.
 */
export function LinkedCardPage<T>({
  query,
  aside,
  loadingLabel,
  isNotFound,
  notFound,
  errorText,
  children,
}: {
  query: QueryLike<T>;
  aside?: ReactNode;
  loadingLabel: string;
  isNotFound: (error: unknown) => boolean;
  notFound: { title: string; text: string };
  errorText: string;
  children: (data: T) => ReactNode;
}) {
  let body: ReactNode;
  if (query.isPending) {
    body = (
      <p role="status" className="text-neutral-300">
        {loadingLabel}
      </p>
    );
  } else if (query.isError || query.data === undefined) {
    body = isNotFound(query.error) ? (
      <>
        <h1 className="font-display text-3xl font-semibold text-white">{notFound.title}</h1>
        <p className="text-neutral-300">{notFound.text}</p>
        <Link to="/" className={buttonClasses('primary', 'md', 'self-center')}>
          Go to Home
        </Link>
      </>
    ) : (
      <>
        <h1 className="font-display text-3xl font-semibold text-white">Something went wrong</h1>
        <QueryError look="center" text={errorText} onRetry={() => void query.refetch()} />
      </>
    );
  } else {
    body = children(query.data);
  }
  return (
    <CardPage aside={aside} className="text-center">
      {body}
    </CardPage>
  );
}
