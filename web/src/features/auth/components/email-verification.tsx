import { useId, useState } from 'react';
import type { PublicUser } from '@luxe/contracts';
import { Button } from '../../../components/ui/button';
import { VerifiedBadge } from '../../../components/verified-badge';
import { serverMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { focusIsLost } from '../../../lib/focus';
import { useResendVerification } from '../api/email-verification';

const RESEND_FAILED = 'A new link could not be sent. Please try again.';

/**
 * "Send a new link" (POST /api/auth/verify-email/resend) with its outcome: the 202's message in a
 * status region, a refusal (429: three an hour) in an alert. The status region is in the page
 * before its message, so screen readers announce the message when it comes.
 */
export function useResendLink() {
  const statusId = useId();
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const resend = useResendVerification({
    onSuccess: ({ message }) => {
      setNotice(message);
      // "Already verified": the button goes with the refreshed user; the focus goes to the answer.
      setTimeout(() => {
        if (focusIsLost()) document.getElementById(statusId)?.focus();
      }, 0);
    },
    onError: (error) => setFailure(serverMessage(error, RESEND_FAILED)),
  });
  const send = () => {
    setNotice(null);
    setFailure(null);
    resend.mutate();
  };
  return { send, pending: resend.isPending, notice, failure, statusId };
}

export function ResendLinkButton({
  send,
  pending,
  className,
}: {
  send: () => void;
  pending: boolean;
  className?: string;
}) {
  return (
    <Button
      type="button"
      variant="secondary"
      size="sm"
      disabled={pending}
      aria-busy={pending}
      onClick={send}
      className={className}
    >
      {pending ? 'Sending...' : 'Send a new link'}
    </Button>
  );
}

export function ResendOutcome({
  notice,
  failure,
  statusId,
}: {
  notice: string | null;
  failure: string | null;
  statusId: string;
}) {
  return (
    <>
      <p
        id={statusId}
        role="status"
        tabIndex={-1}
        className={cn(
          notice ? 'rounded-xl border border-gold-400/40 bg-gold-400/10 px-4 py-3 text-sm text-neutral-100' : 'sr-only',
          'focus-visible:outline-2 focus-visible:outline-gold-400',
        )}
      >
        {notice}
      </p>
      {failure ? (
        <p role="alert" className="rounded-xl border border-red-500/50 bg-red-950 px-4 py-3 text-sm text-red-50">
          {failure}
        </p>
      ) : null}
    </>
  );
}

/**
 * The Profile tab's email (docs/product.md#accounts-verification): the address, and "Verified" with its badge, or "Not
 * verified" with Send a new link. Nothing of the product waits for it; the badge shows on the
 * member's cards once the link is opened.
 */
export function EmailVerificationRow({ user }: { user: Pick<PublicUser, 'email' | 'emailVerified'> }) {
  const { send, pending, notice, failure, statusId } = useResendLink();
  return (
    <div className="flex flex-col gap-3" data-testid="email-verification">
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
        <p className="min-w-0 text-sm">
          <span className="block text-neutral-400">Email</span>
          <span className="block break-all text-neutral-100">{user.email}</span>
        </p>
        {user.emailVerified ? (
          <VerifiedBadge verified />
        ) : (
          <span className="inline-flex shrink-0 items-center rounded-full border border-neutral-500/60 px-2 py-0.5 text-xs font-semibold text-neutral-300">
            Not verified
          </span>
        )}
      </div>
      {user.emailVerified ? null : (
        <>
          <p className="text-sm text-neutral-300">
            Open the link we emailed you to verify your address. Verified members show a badge on their profile.
          </p>
          <ResendLinkButton send={send} pending={pending} className="self-start" />
        </>
      )}
      <ResendOutcome notice={notice} failure={failure} statusId={statusId} />
    </div>
  );
}
