import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { buttonClasses } from '../ui/button';
import { Logo } from './logo';

export interface PolicySection {
  title: string;
  body: ReactNode;
}

/** A public text page (privacy, safety): back link, title, last-updated line, numbered sections. */
export function PolicyPage({
  title,
  lastUpdated,
  backLabel,
  intro,
  sections,
}: {
  title: string;
  lastUpdated: string;
  backLabel: string;
  intro?: ReactNode;
  sections: PolicySection[];
}) {
  return (
    <div className="min-h-dvh bg-neutral-950 px-5 py-6 text-neutral-100">
      <div className="mx-auto flex max-w-3xl flex-col gap-6">
        <header className="flex items-center justify-between gap-4">
          <Logo />
          <Link to="/" className={buttonClasses('ghost', 'sm')}>
            ← {backLabel}
          </Link>
        </header>
        <main className="flex flex-col gap-6">
          <div>
            <h1 className="font-display text-4xl font-semibold text-white">{title}</h1>
            <p className="mt-2 text-sm text-neutral-400">Last Updated {lastUpdated}</p>
            {intro ? <div className="mt-4 text-neutral-300">{intro}</div> : null}
          </div>
          <ol className="flex flex-col gap-5">
            {sections.map((s, i) => (
              <li key={s.title}>
                <section
                  aria-labelledby={`section-${i + 1}`}
                  className="rounded-3xl border border-white/10 bg-neutral-900/70 p-5"
                >
                  <h2 id={`section-${i + 1}`} className="text-lg font-semibold text-gold-200">
                    {i + 1}. {s.title}
                  </h2>
                  <div className="mt-2 space-y-2 text-sm leading-relaxed text-neutral-300">{s.body}</div>
                </section>
              </li>
            ))}
          </ol>
        </main>
      </div>
    </div>
  );
}

/** A mail link, readable by screen readers as the address itself. */
export function MailLink({ address }: { address: string }) {
  return (
    <a href={`mailto:${address}`} className="font-semibold text-gold-300 underline underline-offset-4">
      {address}
    </a>
  );
}
