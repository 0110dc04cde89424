import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import type { StoredUser } from '../../../lib/auth-store';
import { InvitesTab, type InvitesSection } from '../../../features/invites/components/invites-tab';
import { getHostedBookingsQueryOptions } from '../../../features/my-bookings/api/bookings';
import { getConversationsQueryOptions } from '../../../features/messages/api/conversations';
import { invitesSectionOf } from './tabs';

/**
 * The Invites tab in the dashboard: the sub-tab follows ?section= (discover is Send Invites), a
 * host invites to his own bookings, and an accepted invite (it opens a conversation) makes the
 * conversation list read again.
 */
export function InvitesTabRoute({ user, onDiscoverEvents }: { user: StoredUser; onDiscoverEvents: () => void }) {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const isHost = user.userType === 'host';
  const hosted = useQuery({ ...getHostedBookingsQueryOptions(user.id), enabled: isHost });

  const onSectionChange = (section: InvitesSection) => {
    setParams(section === 'discover' ? { tab: 'invites', section: 'discover' } : { tab: 'invites' }, { replace: true });
  };

  return (
    <InvitesTab
      user={user}
      section={invitesSectionOf(params.get('section'))}
      onSectionChange={onSectionChange}
      onDiscoverEvents={onDiscoverEvents}
      hostBookings={hosted.data}
      onInviteAccepted={() =>
        void queryClient.invalidateQueries({ queryKey: getConversationsQueryOptions(user.id).queryKey })
      }
    />
  );
}
