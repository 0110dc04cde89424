import { useParams } from 'react-router-dom';
import { ComingSoon } from '../../../components/layout/coming-soon';

/** /friend-invite/:token: a friend's invitation link (second document); a placeholder for now. */
export function FriendInviteRoute() {
  const { token } = useParams();
  return <ComingSoon title="You're Invited" route={`/friend-invite/${token ?? ''}`} />;
}
