import { Link } from 'react-router-dom';
import { useCurrentUser } from '../../lib/auth-store';
import { useUnreadCount } from '../../api/unread-count';
import { Icon } from '../ui/icon';

/**
 * The header's bell: a link to the notifications page with the unread count, read from the
 * server and refreshed when a notification is pushed (the page's live channel invalidates it).
 */
export function NotificationBell() {
  const { data } = useUnreadCount();
  const unread = data?.unreadCount ?? 0;
  const label = unread === 0 ? 'Notifications' : `Notifications, ${unread} unread`;
  return (
    <Link
      to="/notifications"
      aria-label={label}
      data-testid="notification-bell"
      className="relative inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full text-neutral-200 hover:bg-white/5 hover:text-white focus-visible:outline focus-visible:outline-2 focus-visible:outline-gold-300"
    >
      <Icon
        path="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9M13.7 21a2 2 0 0 1-3.4 0"
        className="h-6 w-6"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      {unread > 0 && (
        <span
          aria-hidden="true"
          data-testid="notification-count"
          className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-gold-300 px-1.5 text-center text-xs font-bold leading-5 text-neutral-950"
        >
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </Link>
  );
}

/** The bell where a page is also open to visitors (a pass, a flow page): shown to a signed-in member only. */
export function SignedInBell() {
  return useCurrentUser() ? <NotificationBell /> : null;
}
