import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { AuthShell } from '../../../components/layout/auth-shell';
import { useAfterFirstPaint } from '../../../lib/first-paint';

// The form stack (zod, react-hook-form, the auth schemas) loads after the page frame has painted: the
// title (the page's largest paint) shows as soon as this small chunk runs, and the form replaces a
// placeholder of the same size (no layout shift).
const LoginForm = lazy(() =>
  import('../../../features/auth/components/login-form').then((m) => ({ default: m.LoginForm })),
);

export function LoginRoute() {
  const painted = useAfterFirstPaint();
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
      {painted ? (
        <Suspense fallback={<LoginFormPlaceholder />}>
          <LoginForm />
        </Suspense>
      ) : (
        <LoginFormPlaceholder />
      )}
    </AuthShell>
  );
}

/** The login form's outline while it loads: same boxes and gaps as LoginForm (label h-5 + mb-2, input h-12, link line h-6 + mt-2, button h-13). */
export function LoginFormPlaceholder() {
  const field = (
    <div>
      <div className="mb-2 h-5" />
      <div className="h-12 rounded-xl border border-white/10 bg-white/5" />
    </div>
  );
  return (
    <div data-testid="login-form-placeholder" aria-hidden="true" className="flex flex-col gap-5">
      {field}
      <div>
        {field}
        <div className="mt-2 h-6" />
      </div>
      <div className="h-13 rounded-full bg-white/5" />
    </div>
  );
}
