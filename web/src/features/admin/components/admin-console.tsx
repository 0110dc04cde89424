import { useEffect, useRef, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Logo } from '../../../components/layout/logo';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { cn } from '../../../lib/cn';
import { signOutAdmin, useAdminSession } from '../api/session';
import { AuditLogPanel } from './audit-log-panel';
import { ReportsPanel } from './reports-panel';
import { UsersPanel } from './users-panel';
import { VenuesPanel } from './venues-panel';
import { VipRoomsPanel } from './vip-rooms-panel';
import { useObscuringBar } from '../../../lib/obscuring-bars';

/** The console's tabs: the spec's Users, Venues and VIP Rooms, then our Reports and Audit Log. */
export const ADMIN_TABS = [
  { id: 'users', label: 'Users', Panel: UsersPanel },
  { id: 'venues', label: 'Venues', Panel: VenuesPanel },
  { id: 'vip-rooms', label: 'VIP Rooms', Panel: VipRoomsPanel },
  { id: 'reports', label: 'Reports', Panel: ReportsPanel },
  { id: 'audit-log', label: 'Audit Log', Panel: AuditLogPanel },
] as const;
export type AdminTab = (typeof ADMIN_TABS)[number]['id'];

const tabId = (id: AdminTab) => `admin-tab-${id}`;
const panelId = (id: AdminTab) => `admin-panel-${id}`;

/**
 * /admin: the administrator's console. Tabs follow the WAI-ARIA pattern (arrow keys, Home and End
 * move and select; only the selected tab is in the Tab order); the tab is kept in ?tab=.
 */
export function AdminConsole() {
  const session = useAdminSession();
  const [params, setParams] = useSearchParams();
  const selected = ADMIN_TABS.find((t) => t.id === params.get('tab')) ?? ADMIN_TABS[0];
  const tabRefs = useRef(new Map<AdminTab, HTMLButtonElement>());
  const header = useObscuringBar<HTMLElement>('top');

  // On a phone the tabs scroll sideways: the selected one is brought into view.
  // A block body: newer browsers return a promise from scrollIntoView, which must not become the effect's cleanup.
  useEffect(() => {
    void tabRefs.current.get(selected.id)?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [selected.id]);

  const select = (id: AdminTab, focus = false) => {
    setParams({ tab: id }, { replace: true });
    if (focus) tabRefs.current.get(id)?.focus();
  };

  const onTabKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    const index = ADMIN_TABS.findIndex((t) => t.id === selected.id);
    const last = ADMIN_TABS.length - 1;
    const next = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    select(ADMIN_TABS[next]!.id, true);
  };

  const signOut = () => {
    signOutAdmin();
    toast({ title: 'Signed Out', description: 'You have left the admin console.' });
  };

  const Panel = selected.Panel;
  return (
    <div className="min-h-dvh bg-neutral-950 text-neutral-100">
      <header ref={header} className="sticky top-0 z-10 border-b border-white/5 bg-neutral-950/90 backdrop-blur">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-4 sm:px-6">
          <Logo to="/admin" />
          <div className="flex min-w-0 items-center gap-3">
            {session.data ? (
              <p className="hidden truncate text-sm text-neutral-300 sm:block">
                Signed in as <span className="font-semibold text-gold-200">{session.data.email}</span>
              </p>
            ) : null}
            <Button type="button" variant="secondary" size="sm" onClick={signOut}>
              Sign Out
            </Button>
          </div>
        </div>
      </header>

      <main className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-6 sm:px-6">
        <h1 className="font-display text-3xl font-semibold text-white">Admin Console</h1>
        <div
          role="tablist"
          aria-label="Admin sections"
          className="-mx-4 flex gap-1 overflow-x-auto border-b border-white/10 px-4 sm:mx-0 sm:px-0"
        >
          {ADMIN_TABS.map((t) => {
            const active = t.id === selected.id;
            return (
              <button
                key={t.id}
                ref={(el) => {
                  if (el) tabRefs.current.set(t.id, el);
                  else tabRefs.current.delete(t.id);
                }}
                type="button"
                role="tab"
                id={tabId(t.id)}
                aria-selected={active}
                aria-controls={active ? panelId(t.id) : undefined}
                tabIndex={active ? 0 : -1}
                onClick={() => select(t.id)}
                onKeyDown={onTabKey}
                className={cn(
                  'shrink-0 whitespace-nowrap border-b-2 px-4 py-3 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-gold-400',
                  active
                    ? 'border-gold-400 text-gold-200'
                    : 'border-transparent text-neutral-400 hover:text-neutral-200',
                )}
              >
                {t.label}
              </button>
            );
          })}
        </div>
        <section
          role="tabpanel"
          id={panelId(selected.id)}
          aria-labelledby={tabId(selected.id)}
          tabIndex={0}
          className="rounded-2xl focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-gold-400"
        >
          <Panel key={selected.id} />
        </section>
      </main>
    </div>
  );
}
