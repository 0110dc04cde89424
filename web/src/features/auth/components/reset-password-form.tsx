import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ACCOUNT_EMAIL_MESSAGES, AUTH_ERRORS, passwordResetSchema } from '@luxe/contracts';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { TextField } from '../../../components/ui/text-field';
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
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = useForm({ resolver: zodResolver(newPasswordSchema), defaultValues: { password: '', confirmPassword: '' } });
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
      <TextField
        id="password"
        label="New password"
        password
        autoComplete="new-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <TextField
        id="confirm-password"
        label="Confirm new password"
        password
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <FormAlert id="reset-failure" title="Password not changed" message={failure} />
      <Button type="submit" size="lg" disabled={pending} aria-busy={pending} className="w-full">
        {pending ? 'Saving...' : 'Change Password'}
      </Button>
    </form>
  );
}
