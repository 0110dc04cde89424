import { Link } from 'react-router-dom';
import { AuthShell } from '../../../components/layout/auth-shell';
import { LoginForm } from '../../../features/auth/components/login-form';

export function LoginRoute() {
  return (
    <AuthShell
      title="Welcome Back"
      subtitle="Sign in to continue your luxury experience."
      back={{ to: '/', label: 'Back to home' }}
      footer={
        <>
          Don&apos;t have an account?{' '}
          <Link to="/join" className="font-semibold text-gold-300 hover:text-gold-200">
            Join Now
          </Link>
        </>
      }
    >
      <LoginForm />
    </AuthShell>
  );
}
