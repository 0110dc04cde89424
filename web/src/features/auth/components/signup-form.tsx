import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { signupStep1Schema } from '@luxe/contracts';
import { EmailField, NameFields, PasswordField } from '../../../components/form/form-fields';
import { Button } from '../../../components/ui/button';
import { readSignupDraft, saveSignupDraft, type SignupType } from '../signup-draft';

/** Sign-up step 1 of 2 (reading A): basic information, kept as a draft for the location step. */
export function SignupForm({ type }: { type: SignupType }) {
  const navigate = useNavigate();
  const draft = readSignupDraft();
  const form = useForm({
    resolver: zodResolver(signupStep1Schema),
    defaultValues: {
      firstName: draft?.firstName ?? '',
      lastName: draft?.lastName ?? '',
      email: draft?.email ?? '',
      password: draft?.password ?? '',
    },
  });
  const {
    handleSubmit,
    formState: { isSubmitting },
  } = form;

  const onSubmit = handleSubmit((values) => {
    saveSignupDraft({ ...values, userType: type });
    navigate(`/signup-location?type=${type}`);
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-label="Basic information">
      <NameFields form={form} />
      <EmailField form={form} />
      <PasswordField form={form} autoComplete="new-password" />
      <Button type="submit" size="lg" disabled={isSubmitting} className="mt-2 w-full">
        Continue to Location
      </Button>
    </form>
  );
}
