import { Link } from 'react-router-dom';
import { buttonClasses } from '../../../components/ui/button';
import { useFriendPass } from '../api/passes';

/** On a friend's invite page: 'Show pass' when the host named him for a confirmed booking (nothing otherwise). */
export function FriendPassLink({ inviteToken }: { inviteToken: string }) {
  const pass = useFriendPass(inviteToken);
  if (!pass.isSuccess) return null;
  return (
    <Link to={pass.data.url} className={buttonClasses('secondary', 'md', 'self-center')}>
      Show pass
    </Link>
  );
}
