import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ACCOUNT_EMAIL_MESSAGES, AUTH_ERRORS, passwordResetSchema } from '@luxe/contracts';
import { PasswordField, SubmitButton } from '../../../components/form/form-fields';
import { FormAlert } from '../../../components/ui/form-alert';
import { ApiError, serverCode, serverMessage } from '../../../lib/api-client';
import { useResetPassword } from '../api/password-reset';

/** The new password by the server's rule, typed twice; the second copy never leaves the browser. */
const newPasswordSchema = z
  .object({ password: passwordResetSchema.shape.password, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    message: ACCOUNT_EMAIL_MESSAGES.confirmPassword,
    path: ['confirmPassword'],
  });

export interface ResetPasswordFormProps {
  token: string;
  onDone: () => void;
  /** The link is unknown, used or expired (the server's AUTH.RESET_TOKEN_INVALID). */
  onTokenRefused: () => void;
}

export function ResetPasswordForm({ token, onDone, onTokenRefused }: ResetPasswordFormProps) {
  const form = useForm({
    resolver: zodResolver(newPasswordSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { handleSubmit, setError, setFocus } = form;
  const [failure, setFailure] = useState<string | null>(null);

  const reset = useResetPassword({
    onSuccess: onDone,
    onError: (error) => {
      if (serverCode(error) === AUTH_ERRORS.RESET_TOKEN_INVALID.code) return onTokenRefused();
      // Another 400 is the password (the server's rule, shown as the field's own); anything else (429) stays on screen.
      if (error instanceof ApiError && error.status === 400)
        setError('password', { message: serverMessage(error, 'Please choose another password') });
      else setFailure(serverMessage(error, 'Your password could not be changed. Please try again.'));
      setTimeout(() => setFocus('password'), 0);
    },
  });

  const onSubmit = handleSubmit(({ password }) => {
    setFailure(null);
    reset.mutate({ token, password });
  });
  const pending = reset.isPending;

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-label="Choose a new password">
      <PasswordField form={form} label="New password" autoComplete="new-password" />
      <PasswordField
        form={form}
        name="confirmPassword"
        id="confirm-password"
        label="Confirm new password"
        autoComplete="new-password"
      />
      <FormAlert id="reset-failure" title="Password not changed" message={failure} />
      <SubmitButton pending={pending} pendingLabel="Saving...">
        Change Password
      </SubmitButton>
    </form>
  );
}
