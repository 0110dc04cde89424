import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ACCOUNT_EMAIL_MESSAGES, verifyEmailSchema } from '@luxe/contracts';
import { AuthShell } from '../../../components/layout/auth-shell';
import { buttonClasses } from '../../../components/ui/button';
import { useVerifyEmail } from '../../../features/auth/api/email-verification';
import { ResendLinkButton, ResendOutcome, useResendLink } from '../../../features/auth/components/email-verification';
import { serverMessage } from '../../../lib/api-client';
import { homePathFor, useCurrentUser } from '../../../lib/auth-store';

/**
 * /verify-email?token=: the link emailed at sign-up
 * (docs/product.md#accounts-verification). It posts the token once, as it
 * opens: the link is the member's click, and a second post would only answer the same. A token
 * missing or not of the shape we send is refused at once with the server's own message. Public:
 * the link may be opened on a device where the member is not signed in; there the way on is to
 * log in, where he is, to his dashboard (and, refused, to a new link).
 */
export function VerifyEmailRoute() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const wellFormed = verifyEmailSchema.shape.token.safeParse(token).success;
  const user = useCurrentUser();
  const verify = useVerifyEmail();
  const { mutate } = verify;
  // React's StrictMode runs an effect twice in development: the ref keeps it to one post per token.
  const posted = useRef<string | null>(null);
  useEffect(() => {
    if (!wellFormed || posted.current === token) return;
    posted.current = token;
    mutate({ token });
  }, [token, wellFormed, mutate]);

  const onward = user ? { to: homePathFor(user), text: 'Go to your dashboard' } : { to: '/login', text: 'Log in' };
  const refused = !wellFormed || verify.isError;

  return (
    <AuthShell
      title="Verify Your Email"
      back={{ to: onward.to, label: user ? 'Back to your dashboard' : 'Back to log in' }}
    >
      {refused ? (
        <VerifyRefused
          message={
            wellFormed
              ? serverMessage(verify.error, ACCOUNT_EMAIL_MESSAGES.verifyToken)
              : ACCOUNT_EMAIL_MESSAGES.verifyToken
          }
          signedIn={!!user}
        />
      ) : (
        <div className="flex flex-col gap-5">
          <p
            role="status"
            className="rounded-xl border border-gold-400/40 bg-gold-400/10 px-4 py-3 text-sm text-neutral-100"
          >
            {verify.isSuccess ? verify.data.message : 'Verifying…'}
          </p>
          {verify.isSuccess ? (
            <Link to={onward.to} className={buttonClasses('primary', 'lg', 'w-full')}>
              {onward.text}
            </Link>
          ) : null}
        </div>
      )}
    </AuthShell>
  );
}

/** The link was refused: the message, and a new link (signed in) or the way to log in and ask for one. */
function VerifyRefused({ message, signedIn }: { message: string; signedIn: boolean }) {
  const { send, pending, notice, failure, statusId } = useResendLink();
  return (
    <div className="flex flex-col gap-5">
      <p role="alert" className="rounded-xl border border-red-500/50 bg-red-950 px-4 py-3 text-sm text-red-50">
        {message}
      </p>
      {signedIn ? (
        <>
          <ResendLinkButton send={send} pending={pending} className="w-full" />
          <ResendOutcome notice={notice} failure={failure} statusId={statusId} />
        </>
      ) : (
        <Link to="/login" className={buttonClasses('primary', 'lg', 'w-full')}>
          Log in
        </Link>
      )}
    </div>
  );
}
