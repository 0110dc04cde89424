import { useEffect, type ReactNode } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { buttonClasses } from '../../../components/ui/button';
import { LogoutButton } from '../../../features/auth/components/logout-button';
import { useCurrentUser, type StoredUser } from '../../../lib/auth-store';
import { ProfileDetailsForm } from '../../../features/profile/components/profile-details-form';
import { ProfilePhotos } from '../../../features/profile/components/profile-photos';
import { StateLabel } from '../../../components/state-label';
import { EventsTab } from '../../../features/discovery/components/events-tab';
import { locationOf } from '../../../features/discovery/location';
import { MessagesTab } from '../../../features/messages/components/messages-tab';
import { getConversationsQueryOptions, receiveMessage } from '../../../features/messages/api/conversations';
import { MemberSafetyActions } from '../../../features/safety/components/member-safety-actions';
import { ReportMessageButton } from '../../../features/safety/components/report-message-button';
import { useRealtime } from '../../../lib/realtime';
import { NOTIFICATIONS_KEY } from '../../../api/query-keys';
import { NotificationBell } from '../../../components/layout/notification-bell';
import { EmailPreferences } from '../../../features/notifications/components/email-preferences';
import { EmailVerificationRow } from '../../../features/auth/components/email-verification';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { BookTab } from './book-tab';
import { HomeTab } from './home-tab';
import { InvitesTabRoute } from './invites-tab';
import { MyVenues } from '../../../features/entertainer/components/my-venues';
import { VipRooms } from '../../../features/entertainer/components/vip-rooms';
import { blockInvalidates } from './member-safety';
import { BlockedMembers } from '../../../features/safety/components/blocked-members';
import { rememberActiveTab, resolveTab, TAB_LABELS, tabsFor, type DashboardTab } from './tabs';
import { DashboardGreeting, TabShell } from '../../../components/layout/tab-shell';

/** /dashboard and /host-dashboard: the signed-in member's shell with a bottom tab bar. */
export function DashboardRoute() {
  const user = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab = user ? resolveTab(requested, user) : 'home';
  // New messages and notifications arrive over the live channel: a message joins its thread, the list and the bell reload, no polling.
  const queryClient = useQueryClient();
  useRealtime(
    !!user,
    (m) => void (user && receiveMessage(queryClient, user.id, m.message)),
    () =>
      void (
        user &&
        Promise.all([
          queryClient.invalidateQueries({ queryKey: getConversationsQueryOptions(user.id).queryKey.slice(0, 1) }),
          queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
        ])
      ),
    () => void (user && queryClient.invalidateQueries({ queryKey: getConversationsQueryOptions(user.id).queryKey })),
    () => void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  );

  useEffect(() => {
    if (requested === tab) rememberActiveTab(tab);
  }, [requested, tab]);

  // The route guard already sends visitors away; this only covers the instant of a sign-out.
  if (!user) return <Navigate to="/login" replace />;

  const tabs = tabsFor(user);
  const afterBlock = blockInvalidates(user.id);
  const selectTab = (next: DashboardTab) => {
    rememberActiveTab(next);
    setParams({ tab: next });
  };

  return (
    <TabShell
      logoTo="/dashboard"
      headerEnd={
        <>
          <DashboardGreeting firstName={user.firstName} />
          <NotificationBell />
        </>
      }
      width="max-w-3xl"
      navLabel="Dashboard"
      tabs={tabs.map((id) => ({ id, label: TAB_LABELS[id], icon: ICON_PATHS[id] }))}
      current={tab}
      onSelect={selectTab}
    >
      {tab === 'profile' ? (
        <ProfileTab user={user} afterUnblock={afterBlock} />
      ) : tab === 'home' ? (
        <HomeTab user={user} />
      ) : tab === 'events' ? (
        <EventsTab
          location={locationOf(user)}
          renderHostActions={(host, { onBlocked }) => (
            <MemberSafetyActions member={host} invalidates={afterBlock} onBlocked={onBlocked} />
          )}
        />
      ) : tab === 'messages' ? (
        <MessagesTab
          userId={user.id}
          renderMemberActions={(member, { onBlocked }) => (
            <MemberSafetyActions member={member} invalidates={afterBlock} onBlocked={onBlocked} />
          )}
          renderMessageActions={(message, conversation) => (
            <ReportMessageButton
              conversationId={conversation.id}
              messageId={message.id}
              senderName={conversation.otherUser.firstName}
            />
          )}
        />
      ) : tab === 'invites' ? (
        <InvitesTabRoute user={user} onDiscoverEvents={() => selectTab('events')} />
      ) : tab === 'venues' ? (
        <MyVenues />
      ) : tab === 'assignments' ? (
        <VipRooms />
      ) : tab === 'book' ? (
        <BookTab userId={user.id} onBrowseEvents={() => selectTab('events')} />
      ) : (
        <Panel>
          <p className="text-neutral-300">This part of your dashboard is coming soon.</p>
        </Panel>
      )}
    </TabShell>
  );
}

function Panel({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <section className="rounded-3xl border border-white/10 bg-neutral-900/70 p-6">
      {title ? <h2 className="mb-4 text-lg font-semibold text-white">{title}</h2> : null}
      {children}
    </section>
  );
}

function ProfileTab({ user, afterUnblock }: { user: StoredUser; afterUnblock: QueryKey[] }) {
  return (
    <div className="flex flex-col gap-6">
      <Panel title="Profile Photos">
        <ProfilePhotos user={user} />
      </Panel>
      <Panel title="Profile Details">
        <p className="mb-4 text-sm text-neutral-300" data-testid="profile-location">
          Based in {user.city.split(',')[0]}, <StateLabel state={user.state} />
        </p>
        <ProfileDetailsForm user={user} />
      </Panel>
      <Panel title="Email Address">
        <EmailVerificationRow user={user} />
      </Panel>
      <Panel title="Email Notifications">
        <EmailPreferences />
      </Panel>
      <Panel title="Blocked Members">
        <BlockedMembers userId={user.id} invalidates={afterUnblock} />
      </Panel>
      <Panel title="Account Settings">
        <div className="flex flex-col gap-3 sm:flex-row">
          <LogoutButton className="w-full sm:w-auto" />
          <Link
            to="/delete-account"
            className={buttonClasses('ghost', 'md', 'w-full text-red-400 hover:text-red-300 sm:w-auto')}
          >
            Delete Account
          </Link>
        </div>
      </Panel>
    </div>
  );
}

const ICON_PATHS: Record<DashboardTab, string> = {
  home: 'M3 11l9-8 9 8v10a1 1 0 0 1-1 1h-5v-7H9v7H4a1 1 0 0 1-1-1z',
  messages: 'M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z',
  events: 'M3 6h18M3 6a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2zM8 2v4M16 2v4',
  invites:
    'M20.8 4.6a5.5 5.5 0 0 0-7.8 0L12 5.7l-1-1.1a5.5 5.5 0 0 0-7.8 7.8l1 1L12 21l7.8-7.6 1-1a5.5 5.5 0 0 0 0-7.8z',
  venues: 'M3 21h18M5 21V8l7-5 7 5v13M9 21v-6h6v6',
  assignments: 'M4 10h16v10H4zM8 10V7a4 4 0 0 1 8 0v3M12 14v2',
  book: 'M4 19.5A2.5 2.5 0 0 1 6.5 17H20V3H6.5A2.5 2.5 0 0 0 4 5.5zM4 19.5A2.5 2.5 0 0 0 6.5 22H20v-5',
  profile: 'M20 21v-2a4 4 0 0 0-4-4H8a4 4 0 0 0-4 4v2M12 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8z',
};
