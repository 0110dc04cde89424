import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { useObscuringBar } from '../../lib/obscuring-bars';
import { Icon } from '../ui/icon';
import { Logo } from './logo';

/** One tab of a TabShell's bar: its id, its name, and its icon's path. */
export interface ShellTab<T extends string> {
  id: T;
  label: string;
  icon: string;
}

/** The bar has one column per tab (class names spelled out for Tailwind). */
const GRID_COLUMNS: Record<number, string> = { 4: 'grid-cols-4', 5: 'grid-cols-5', 6: 'grid-cols-6' };

/**
 * The signed-in shell of the member's and the venue owner's dashboards: a sticky header (the logo
 * home to `logoTo`, then `headerEnd`: greeting, bell...), the current tab's title and content, and
 * the tab bar fixed at the bottom. Both bars are obscuring bars, so a focused control scrolls clear
 * of them. Five or six tabs take smaller labels so each still fits its column at 390 px.
 */
export function TabShell<T extends string>({
  logoTo,
  headerEnd,
  width,
  navLabel,
  tabs,
  current,
  onSelect,
  children,
}: {
  logoTo: string;
  headerEnd: ReactNode;
  /** The page's max width class ('max-w-3xl'): the header, the content and the bar line up. */
  width: string;
  navLabel: string;
  tabs: readonly ShellTab<T>[];
  current: T;
  onSelect: (tab: T) => void;
  children: ReactNode;
}) {
  const header = useObscuringBar<HTMLElement>('top');
  const tabBar = useObscuringBar<HTMLElement>('bottom');
  const title = tabs.find((t) => t.id === current)?.label;
  return (
    <div className="min-h-dvh bg-neutral-950 pb-28 text-neutral-100">
      <header ref={header} className="sticky top-0 z-10 border-b border-white/5 bg-neutral-950/85 backdrop-blur">
        <div className={cn('mx-auto flex flex-wrap items-center justify-between gap-4 px-5 py-4', width)}>
          <Logo to={logoTo} />
          <div className="flex min-w-0 items-center gap-2">{headerEnd}</div>
        </div>
      </header>

      <main className={cn('mx-auto px-5 py-6', width)} aria-labelledby="tab-heading">
        <h1 id="tab-heading" className="font-display text-3xl font-semibold text-white">
          {title}
        </h1>
        <div className="mt-6">{children}</div>
      </main>

      <nav
        ref={tabBar}
        aria-label={navLabel}
        className="fixed inset-x-0 bottom-0 z-10 border-t border-white/10 bg-neutral-950/95 pb-[env(safe-area-inset-bottom)] backdrop-blur"
      >
        <ul className={cn('mx-auto grid', width, GRID_COLUMNS[tabs.length])}>
          {tabs.map(({ id, label, icon }) => (
            <li key={id}>
              <button
                type="button"
                onClick={() => onSelect(id)}
                aria-current={current === id ? 'page' : undefined}
                className={cn(
                  'flex h-16 w-full flex-col items-center justify-center gap-1 font-medium transition-colors focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-gold-400',
                  tabs.length > 4 ? 'text-[11px]' : 'text-xs',
                  current === id ? 'text-gold-300' : 'text-neutral-400 hover:text-neutral-200',
                )}
              >
                <Icon path={icon} strokeWidth="1.8" strokeLinejoin="round" />
                {label}
              </button>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}

/** "Welcome, {firstName}" in a dashboard's header. */
export function DashboardGreeting({ firstName, className }: { firstName: string; className?: string }) {
  return (
    <p data-testid="dashboard-greeting" className={cn('truncate text-sm text-neutral-300', className)}>
      Welcome, <span className="font-semibold text-gold-200">{firstName}</span>
    </p>
  );
}
