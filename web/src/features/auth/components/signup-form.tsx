import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { signupStep1Schema } from '@luxe/contracts';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { readSignupDraft, saveSignupDraft, type SignupType } from '../signup-draft';

/** Sign-up step 1 of 2 (reading A): basic information, kept as a draft for the location step. */
export function SignupForm({ type }: { type: SignupType }) {
  const navigate = useNavigate();
  const draft = readSignupDraft();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(signupStep1Schema),
    defaultValues: {
      firstName: draft?.firstName ?? '',
      lastName: draft?.lastName ?? '',
      email: draft?.email ?? '',
      password: draft?.password ?? '',
    },
  });

  const onSubmit = handleSubmit((values) => {
    saveSignupDraft({ ...values, userType: type });
    navigate(`/signup-location?type=${type}`);
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-label="Basic information">
      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
        <TextField
          id="firstName"
          label="First Name"
          autoComplete="given-name"
          error={errors.firstName?.message}
          {...register('firstName')}
        />
        <TextField
          id="lastName"
          label="Last Name"
          autoComplete="family-name"
          error={errors.lastName?.message}
          {...register('lastName')}
        />
      </div>
      <TextField
        id="email"
        label="Email"
        type="email"
        inputMode="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        id="password"
        label="Password"
        password
        autoComplete="new-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <Button type="submit" size="lg" disabled={isSubmitting} className="mt-2 w-full">
        Continue to Location
      </Button>
    </form>
  );
}
