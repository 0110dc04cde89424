import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { AUTH_MESSAGES, passwordResetRequestSchema } from '@luxe/contracts';
import { EmailField, SubmitButton } from '../../../components/form/form-fields';
import { buttonClasses } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { ApiError, serverMessage } from '../../../lib/api-client';
import { focusByIdSoon } from '../../../lib/focus';
import { useRequestPasswordReset } from '../api/password-reset';

const SENT_ID = 'reset-requested';

/**
 * Asks for a reset link. The server's answer is the same whether or not an account uses the
 * address, and so is this screen: its message, and the way back to log in.
 */
export function ForgotPasswordForm({ initialEmail = '' }: { initialEmail?: string }) {
  const form = useForm({ resolver: zodResolver(passwordResetRequestSchema), defaultValues: { email: initialEmail } });
  const { handleSubmit, setError, setFocus } = form;
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);

  const request = useRequestPasswordReset({
    onSuccess: ({ message }) => {
      setSent(message);
      // The form (and its focused button) goes away: the focus lands on the answer.
      focusByIdSoon(SENT_ID);
    },
    onError: (error) => {
      // A 400 is the address (the server's rule, as the field's own); anything else (429) stays on screen.
      if (error instanceof ApiError && error.status === 400)
        setError('email', { message: serverMessage(error, AUTH_MESSAGES.loginEmail) });
      else setFailure(serverMessage(error, 'The link could not be sent. Please try again.'));
      setTimeout(() => setFocus('email'), 0);
    },
  });

  const onSubmit = handleSubmit((values) => {
    setFailure(null);
    request.mutate(values);
  });
  const pending = request.isPending;

  if (sent) {
    return (
      <div className="flex flex-col gap-5">
        <p
          id={SENT_ID}
          role="status"
          tabIndex={-1}
          className="rounded-xl border border-gold-400/40 bg-gold-400/10 px-4 py-3 text-sm text-neutral-100 focus-visible:outline-2 focus-visible:outline-gold-400"
        >
          {sent}
        </p>
        <Link to="/login" className={buttonClasses('primary', 'lg', 'w-full')}>
          Back to log in
        </Link>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-label="Request a password reset link">
      <EmailField form={form} />
      <FormAlert id="reset-request-failure" title="Link not sent" message={failure} />
      <SubmitButton pending={pending} pendingLabel="Sending...">
        Send Reset Link
      </SubmitButton>
    </form>
  );
}
