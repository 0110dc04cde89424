import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { greetingFor } from '../../lib/greeting';
import { QueryState, type QueryLike } from '../query-state';
import { buttonClasses } from './button';
import { CardHeader } from './card';

/** A titled card section of the dashboard (its heading names the section for assistive tech). */
export function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-3xl border border-white/10 bg-neutral-900/70 p-6">
      <h2 id={id} className="mb-4 text-lg font-semibold text-white">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** One figure of a statistics row (inside a `<dl>`): the value above its label ('–' when it could not be read). */
export function Statistic({ label, value }: { label: string; value: number | string }) {
  return (
    <div className="flex min-w-0 flex-col-reverse items-center gap-1 rounded-2xl border border-white/10 bg-neutral-900/70 px-2 py-4 text-center">
      <dt className="text-xs break-words text-neutral-300">{label}</dt>
      <dd className="text-2xl font-semibold text-gold-200">{value}</dd>
    </div>
  );
}

/**
 * The top of a dashboard's home: "Good evening, {firstName}", what the home is for (`text`), and its
 * two ways on (`primary`, `secondary`: links to tabs).
 */
export function HomeGreeting({
  id,
  firstName,
  text,
  primary,
  secondary,
}: {
  id: string;
  firstName: string;
  text: string;
  primary: HomeLink;
  secondary: HomeLink;
}) {
  return (
    <section
      aria-labelledby={id}
      data-testid="home-overview"
      className="rounded-3xl border border-white/10 bg-neutral-900/70 p-6"
    >
      <h2 id={id} className="font-display text-2xl font-semibold break-words text-white">
        {greetingFor()}, {firstName}
      </h2>
      <p className="mt-1 text-sm text-neutral-300">{text}</p>
      <div className="mt-5 flex flex-col gap-3 min-[400px]:flex-row">
        <Link to={primary.to} className={buttonClasses('primary', 'md')}>
          {primary.label}
        </Link>
        <Link to={secondary.to} className={buttonClasses('secondary', 'md')}>
          {secondary.label}
        </Link>
      </div>
    </section>
  );
}

interface HomeLink {
  to: string;
  label: string;
}

/** A home's row of Statistic figures, named for assistive tech by a hidden heading. */
export function Statistics({ id, children }: { id: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="sr-only">
        Statistics
      </h2>
      <dl className="grid grid-cols-3 gap-3">{children}</dl>
    </section>
  );
}

/**
 * An event on a home's list (one the guest attends or waits for, one the host holds): its venue, who
 * or what (`subtitle`), its status badge, its night and time, then the card's own actions. Test ids
 * are `{testIdPrefix}-event`, `-date`, `-time`.
 */
export function HomeEventCard({
  title,
  subtitle,
  subtitleTestId,
  badge,
  date,
  time,
  testIdPrefix,
  children,
}: {
  title: string;
  subtitle: string;
  subtitleTestId?: string;
  badge: ReactNode;
  date: string;
  time: string;
  testIdPrefix: string;
  children: ReactNode;
}) {
  return (
    <article
      aria-label={title}
      data-testid={`${testIdPrefix}-event`}
      className="flex flex-col gap-3 rounded-2xl border border-white/5 bg-white/[0.03] p-4"
    >
      <CardHeader heading={<h3 className="font-semibold break-words text-white">{title}</h3>} badge={badge}>
        <p className="text-sm text-neutral-300" data-testid={subtitleTestId}>
          {subtitle}
        </p>
      </CardHeader>
      <p className="text-sm text-neutral-200">
        <span data-testid={`${testIdPrefix}-date`}>{date}</span>
        <span aria-hidden="true"> · </span>
        <span data-testid={`${testIdPrefix}-time`}>{time}</span>
      </p>
      {children}
    </article>
  );
}

/**
 * A home's Panel that lists what one query read: two skeleton rows while it loads, the error and
 * Try Again under the title when it failed, `empty` when `items` (what the home shows of the
 * answer) is empty, else `items` as a list named `listLabel`, each drawn by `renderItem` (its `<li>`).
 */
export function HomeListPanel<T>({
  id,
  title,
  query,
  loadingLabel,
  errorText,
  items,
  empty,
  listLabel,
  renderItem,
}: {
  id: string;
  title: string;
  query: QueryLike<unknown>;
  loadingLabel: string;
  errorText: string;
  items: readonly T[];
  empty: ReactNode;
  listLabel: string;
  renderItem: (item: T) => ReactNode;
}) {
  return (
    <Panel id={id} title={title}>
      <QueryState
        query={query}
        loadingLabel={loadingLabel}
        rows={2}
        errorText={errorText}
        errorLook="inline"
        isEmpty={() => items.length === 0}
        empty={empty}
      >
        {() => (
          <ul aria-label={listLabel} className="flex flex-col gap-3">
            {items.map(renderItem)}
          </ul>
        )}
      </QueryState>
    </Panel>
  );
}
