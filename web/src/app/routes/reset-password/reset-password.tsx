import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ACCOUNT_EMAIL_MESSAGES, PASSWORD_MIN, passwordResetSchema } from '@luxe/contracts';
import { AuthShell } from '../../../components/layout/auth-shell';
import { buttonClasses } from '../../../components/ui/button';
import { ResetPasswordForm } from '../../../features/auth/components/reset-password-form';
import { focusByIdSoon } from '../../../lib/focus';

const OUTCOME_ID = 'reset-outcome';

/**
 * /reset-password?token=: the emailed link. A token missing or not of the shape we send is refused
 * at once, with the server's own message; after the change every session of the account has
 * ended, so the way on is to log in.
 */
export function ResetPasswordRoute() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<'form' | 'done' | 'refused'>(() =>
    passwordResetSchema.shape.token.safeParse(token).success ? 'form' : 'refused',
  );
  // The form (and its focused button) goes away: the focus lands on the outcome.
  const settle = (next: 'done' | 'refused') => {
    setState(next);
    focusByIdSoon(OUTCOME_ID);
  };

  return (
    <AuthShell
      title="Choose a New Password"
      subtitle={
        state === 'form'
          ? `Use at least ${PASSWORD_MIN} characters. Every device signed in to your account is signed out.`
          : undefined
      }
      back={{ to: '/login', label: 'Back to log in' }}
    >
      {state === 'form' ? (
        <ResetPasswordForm token={token} onDone={() => settle('done')} onTokenRefused={() => settle('refused')} />
      ) : state === 'done' ? (
        <div className="flex flex-col gap-5">
          <p
            id={OUTCOME_ID}
            role="status"
            tabIndex={-1}
            className="rounded-xl border border-gold-400/40 bg-gold-400/10 px-4 py-3 text-sm text-neutral-100 focus-visible:outline-2 focus-visible:outline-gold-400"
          >
            Your password is changed. Log in with your new password.
          </p>
          <Link to="/login" className={buttonClasses('primary', 'lg', 'w-full')}>
            Log in
          </Link>
        </div>
      ) : (
        <div className="flex flex-col gap-5">
          <p
            id={OUTCOME_ID}
            role="alert"
            tabIndex={-1}
            className="rounded-xl border border-red-500/50 bg-red-950 px-4 py-3 text-sm text-red-50 focus-visible:outline-2 focus-visible:outline-gold-400"
          >
            {ACCOUNT_EMAIL_MESSAGES.resetToken}
          </p>
          <Link to="/forgot-password" className={buttonClasses('primary', 'lg', 'w-full')}>
            Request a new link
          </Link>
        </div>
      )}
    </AuthShell>
  );
}
