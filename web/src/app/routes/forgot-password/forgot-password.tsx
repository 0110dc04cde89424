import { useLocation, useSearchParams } from 'react-router-dom';
import { AuthShell } from '../../../components/layout/auth-shell';
import { ForgotPasswordForm } from '../../../features/auth/components/forgot-password-form';

/**
 * /forgot-password: asks for the account's email and sends a link to choose a new password. The
 * email typed on /login comes along in the router state (not in the address: it stays out of the
 * history and the server logs); `?email=` works as well, for a link from elsewhere.
 */
export function ForgotPasswordRoute() {
  const { state } = useLocation();
  const [params] = useSearchParams();
  const typed = (state as { email?: unknown } | null)?.email;
  const email = typeof typed === 'string' ? typed : (params.get('email') ?? '');
  return (
    <AuthShell
      title="Forgot Your Password?"
      subtitle="Enter your account's email and we will send you a link to choose a new password."
      back={{ to: '/login', label: 'Back to log in' }}
    >
      <ForgotPasswordForm initialEmail={email} />
    </AuthShell>
  );
}
