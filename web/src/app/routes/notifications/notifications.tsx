import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { Notification } from '@luxe/contracts';
import { Logo } from '../../../components/layout/logo';
import { buttonClasses } from '../../../components/ui/button';
import { ListSkeleton } from '../../../components/ui/list-skeleton';
import { cn } from '../../../lib/cn';
import { useCurrentUser } from '../../../lib/auth-store';
import { formatDistanceLabel } from './time';
import { NOTIFICATIONS_KEY } from '../../../api/query-keys';
import { useMarkAllRead, useMarkRead, useNotifications } from '../../../features/notifications/api/notifications';
import { NotificationBell } from '../../../components/layout/notification-bell';
import { useRealtime } from '../../../lib/realtime';
import { useQueryClient } from '@tanstack/react-query';

/** /notifications: the member's notifications, newest first; each opens what it is about (and is read). */
export function NotificationsRoute() {
  const user = useCurrentUser();
  const [page, setPage] = useState(1);
  const { data, isPending, isError } = useNotifications(page);
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
  useRealtime(!!user, () => undefined, refresh, undefined, refresh);
  const home = user?.userType === 'venue' ? '/venue-dashboard' : '/dashboard';
  const open = (n: Notification) => {
    if (!n.read) markRead.mutate(n.id);
    navigate(n.link);
  };
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <div className="min-h-dvh bg-neutral-950 pb-16 text-neutral-100">
      <header className="sticky top-0 z-10 border-b border-white/5 bg-neutral-950/85 backdrop-blur">
        <div className="mx-auto flex max-w-3xl flex-wrap items-center justify-between gap-4 px-5 py-4">
          <Logo to={home} />
          <NotificationBell />
        </div>
      </header>
      <main className="mx-auto max-w-3xl px-5 py-6" aria-labelledby="notifications-heading">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 id="notifications-heading" className="font-display text-3xl font-semibold text-white">
            Notifications
          </h1>
          <button
            type="button"
            className={buttonClasses('ghost', 'md')}
            disabled={!data || data.unreadCount === 0 || markAll.isPending}
            onClick={() => markAll.mutate()}
          >
            Mark all read
          </button>
        </div>
        <p className="mt-2 text-sm text-neutral-300" aria-live="polite" data-testid="notifications-unread">
          {data ? (data.unreadCount === 0 ? 'You are all caught up.' : `${data.unreadCount} unread`) : '\u00a0'}
        </p>
        {isPending ? (
          <ListSkeleton label="Loading your notifications…" className="mt-6" />
        ) : isError || !data ? (
          <p className="mt-6 text-red-300">Your notifications could not be loaded. Please try again.</p>
        ) : data.notifications.length === 0 ? (
          <p className="mt-6 text-neutral-300">
            No notifications yet. Bookings, invites, join requests and messages show up here.
          </p>
        ) : (
          <ul className="mt-6 flex flex-col gap-3" data-testid="notification-list">
            {data.notifications.map((n) => (
              <li key={n.id}>
                <a
                  href={n.link}
                  onClick={(e) => {
                    e.preventDefault();
                    open(n);
                  }}
                  className={cn(
                    'block rounded-2xl border px-4 py-3 focus-visible:outline focus-visible:outline-2 focus-visible:outline-gold-300',
                    n.read ? 'border-white/10 bg-neutral-900/60' : 'border-gold-300/40 bg-gold-300/10',
                  )}
                  data-testid="notification-item"
                >
                  <span className="flex items-baseline justify-between gap-3">
                    <span className="font-semibold text-white">
                      {!n.read && <span className="sr-only">Unread: </span>}
                      {n.title}
                    </span>
                    <time dateTime={n.createdAt} className="shrink-0 text-xs text-neutral-300">
                      {formatDistanceLabel(n.createdAt)}
                    </time>
                  </span>
                  <span className="mt-1 block text-sm text-neutral-200">{n.body}</span>
                </a>
              </li>
            ))}
          </ul>
        )}
        {data && pages > 1 && (
          <nav aria-label="Notification pages" className="mt-6 flex items-center justify-between gap-3">
            <button
              type="button"
              className={buttonClasses('ghost', 'md')}
              disabled={page <= 1}
              onClick={() => setPage((p) => p - 1)}
            >
              Newer
            </button>
            <span className="text-sm text-neutral-300">
              Page {page} of {pages}
            </span>
            <button
              type="button"
              className={buttonClasses('ghost', 'md')}
              disabled={page >= pages}
              onClick={() => setPage((p) => p + 1)}
            >
              Older
            </button>
          </nav>
        )}
        {user?.userType !== 'venue' && (
          <p className="mt-8 text-sm text-neutral-300">
            Choose which of them we email you in{' '}
            <Link to="/dashboard?tab=profile" className="text-gold-200 underline">
              your settings
            </Link>
            .
          </p>
        )}
      </main>
    </div>
  );
}
