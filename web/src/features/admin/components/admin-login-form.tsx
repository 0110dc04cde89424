import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { ADMIN_MESSAGES, adminLoginSchema } from '@luxe/contracts';
import { EmailField, PasswordField, SubmitButton } from '../../../components/form/form-fields';
import { FormAlert } from '../../../components/ui/form-alert';
import { serverMessage } from '../../../lib/api-client';
import { useAdminLogin } from '../api/session';

/** The administrator's sign-in (docs/product.md#admin): the contract's rules and messages, then /admin. */
export function AdminLoginForm() {
  const navigate = useNavigate();
  const form = useForm({
    resolver: zodResolver(adminLoginSchema) /* api.admin.login's body */,
    defaultValues: { email: '', password: '' },
  });
  const { handleSubmit, setFocus } = form;

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
      {/* The account's name is its email: the password manager files it as the username. */}
      <EmailField form={form} id="admin-email" label="Admin Email" autoComplete="username" />
      <PasswordField form={form} id="admin-password" autoComplete="current-password" />
      <FormAlert id="admin-login-failure" title={ADMIN_MESSAGES.accessDenied} message={failure} />
      <SubmitButton pending={pending} pendingLabel="Signing in...">
        Sign In
      </SubmitButton>
    </form>
  );
}
