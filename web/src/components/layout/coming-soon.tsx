import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { buttonClasses } from '../ui/button';
import { Logo } from './logo';

/** Placeholder of a route whose screen is not built yet; it names the route. */
export function ComingSoon({
  title,
  route,
  children,
  backTo = '/',
}: {
  title: string;
  route: string;
  children?: ReactNode;
  backTo?: string;
}) {
  return (
    <div className="min-h-dvh bg-neutral-950 px-5 py-6 text-neutral-100">
      <div className="mx-auto flex max-w-md flex-col gap-8">
        <header>
          <Logo />
        </header>
        <main className="flex flex-col gap-4 rounded-3xl border border-white/10 bg-neutral-900/70 p-8 text-center">
          <p className="text-xs font-medium uppercase tracking-[0.2em] text-gold-300">{route}</p>
          <h1 className="font-display text-3xl font-semibold text-white">{title}</h1>
          <p className="text-neutral-400">This page is coming soon.</p>
          {children}
          <Link to={backTo} className={buttonClasses('secondary', 'md', 'mt-2 self-center')}>
            Go back
          </Link>
        </main>
      </div>
    </div>
  );
}
