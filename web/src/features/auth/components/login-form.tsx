import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { loginSchema } from '@luxe/contracts';
import { EmailField, PasswordField, SubmitButton } from '../../../components/form/form-fields';
import { FormAlert } from '../../../components/ui/form-alert';
import { toast } from '../../../components/ui/toast';
import { serverMessage } from '../../../lib/api-client';
import { postLoginPath } from '../../../lib/auth-store';
import { useLogin } from '../api/login';

export function LoginForm() {
  const navigate = useNavigate();
  const form = useForm({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' } });
  const { handleSubmit, setFocus, control } = form;
  // The reset page starts with the email typed here (router state: not in the address bar or history).
  const typedEmail = useWatch({ control, name: 'email' }).trim();
  const [failure, setFailure] = useState<string | null>(null);

  const signIn = useLogin({
    onSuccess: (user) => {
      toast({ title: 'Welcome back!' });
      navigate(postLoginPath(user), { replace: true });
    },
    // Stays on screen (a toast vanished after 5 s), and the focus goes back to the password (the
    // disabled button had dropped it to the page).
    onError: (error) => {
      setFailure(serverMessage(error, 'Please check your credentials'));
      setTimeout(() => setFocus('password'), 0);
    },
  });

  const onSubmit = handleSubmit((values) => {
    setFailure(null);
    signIn.mutate(values);
  });
  const pending = signIn.isPending;

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-label="Sign in">
      <EmailField form={form} />
      <div>
        <PasswordField form={form} autoComplete="current-password" />
        <p className="mt-2 text-right">
          <Link
            to="/forgot-password"
            state={typedEmail ? { email: typedEmail } : undefined}
            className="text-sm text-gold-300 hover:text-gold-200 focus-visible:outline-2 focus-visible:outline-gold-400"
          >
            Forgot your password?
          </Link>
        </p>
      </div>
      <FormAlert id="login-failure" title="Sign in failed" message={failure} />
      <SubmitButton pending={pending} pendingLabel="Signing In...">
        Sign In
      </SubmitButton>
    </form>
  );
}
