import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { ADMIN_MESSAGES, adminLoginSchema } from '@luxe/contracts';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast';
import { serverMessage } from '../../../lib/api-client';
import { useAdminLogin } from '../api/session';

/** The administrator's sign-in (spec doc 1 §2, §8): the contract's rules and messages, then /admin. */
export function AdminLoginForm() {
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(adminLoginSchema) /* api.admin.login's body */, defaultValues: { email: '', password: '' } });

  const signIn = useAdminLogin({
    onSuccess: () => navigate('/admin', { replace: true }),
    onError: (error) => toast({ variant: 'destructive', title: ADMIN_MESSAGES.accessDenied, description: serverMessage(error, ADMIN_MESSAGES.invalidCredentials) }),
  });
  const pending = signIn.isPending;

  return (
    <form noValidate onSubmit={handleSubmit((values) => signIn.mutate(values))} className="flex flex-col gap-5" aria-label="Admin sign in">
      <TextField id="admin-email" label="Admin Email" type="email" inputMode="email" autoComplete="username" error={errors.email?.message} {...register('email')} />
      <TextField id="admin-password" label="Password" password autoComplete="current-password" error={errors.password?.message} {...register('password')} />
      <Button type="submit" size="lg" disabled={pending} aria-busy={pending} className="w-full">
        {pending ? 'Signing in...' : 'Sign In'}
      </Button>
    </form>
  );
}
