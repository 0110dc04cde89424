import { useParams } from 'react-router-dom';
import { FriendInvitePage } from '../../../features/friend-invite/components/friend-invite-page';
import { FriendPassLink } from '../../../features/passes/components/friend-pass-link';

/** /friend-invite/:token: a host's friend adds a picture (public, docs/product.md#public-friend-invite). */
export function FriendInviteRoute() {
  const { token = '' } = useParams();
  return <FriendInvitePage key={token} token={token} passLink={<FriendPassLink inviteToken={token} />} />;
}
