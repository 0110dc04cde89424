import { useNavigate } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { serverMessage } from '../../../lib/api-client';
import { useLogout } from '../api/logout';

export function LogoutButton({ className }: { className?: string }) {
  const navigate = useNavigate();
  const logout = useLogout({
    onSuccess: () => {
      toast({ title: 'Logged Out', description: 'You have been signed out.' });
      navigate('/login', { replace: true });
    },
    onError: (error) => {
      toast({ variant: 'destructive', title: 'Logout failed', description: serverMessage(error, 'Please try again') });
    },
  });
  return (
    <Button
      type="button"
      variant="secondary"
      className={className}
      disabled={logout.isPending}
      onClick={() => logout.mutate()}
    >
      {logout.isPending ? 'Logging Out...' : 'Logout'}
    </Button>
  );
}
