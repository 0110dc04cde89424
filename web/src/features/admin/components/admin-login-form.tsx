import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { ADMIN_MESSAGES, adminLoginSchema } from '@luxe/contracts';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { FormAlert } from '../../../components/ui/form-alert';
import { serverMessage } from '../../../lib/api-client';
import { useAdminLogin } from '../api/session';

/** The administrator's sign-in (docs/product.md#admin): the contract's rules and messages, then /admin. */
export function AdminLoginForm() {
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(adminLoginSchema) /* api.admin.login's body */,
    defaultValues: { email: '', password: '' },
  });

  const [failure, setFailure] = useState<string | null>(null);
  const signIn = useAdminLogin({
    onSuccess: () => navigate('/admin', { replace: true }),
    // Stays on screen until the next attempt; the focus goes back to the password.
    onError: (error) => {
      setFailure(serverMessage(error, ADMIN_MESSAGES.invalidCredentials));
      setTimeout(() => setFocus('password'), 0);
    },
  });
  const pending = signIn.isPending;

  return (
    <form
      noValidate
      onSubmit={handleSubmit((values) => {
        setFailure(null);
        signIn.mutate(values);
      })}
      className="flex flex-col gap-5"
      aria-label="Admin sign in"
    >
      <TextField
        id="admin-email"
        label="Admin Email"
        type="email"
        inputMode="email"
        autoComplete="username"
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        id="admin-password"
        label="Password"
        password
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <FormAlert id="admin-login-failure" title={ADMIN_MESSAGES.accessDenied} message={failure} />
      <Button type="submit" size="lg" disabled={pending} aria-busy={pending} className="w-full">
        {pending ? 'Signing in...' : 'Sign In'}
      </Button>
    </form>
  );
}
