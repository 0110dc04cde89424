import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { signupStepOneBSchema } from '@luxe/contracts';
import { Field, fieldA11y } from '../../../components/form/field';
import { EmailField, FormTextField, NameFields, PasswordField } from '../../../components/form/form-fields';
import { Button } from '../../../components/ui/button';
import { readStepOneB, saveSignupDraft, type SignupType } from '../signup-draft';

/**
 * Sign-up step 1 of 3 (reading B): email, optional phone, password (the server's rule, not the
 * spec's 6 of this step: see signupStepOneBSchema), names and gender. The values are kept for the next steps and the
 * user goes on to /role-selection?gender=…, or straight to the location step when the link
 * already named the role (`/register?userType=host`).
 */
export function RegisterForm({ presetType }: { presetType: SignupType | null }) {
  const navigate = useNavigate();
  const draft = readStepOneB();
  const form = useForm({
    resolver: zodResolver(signupStepOneBSchema),
    defaultValues: {
      email: draft?.email ?? '',
      phoneNumber: draft?.phoneNumber ?? '',
      password: draft?.password ?? '',
      firstName: draft?.firstName ?? '',
      lastName: draft?.lastName ?? '',
      gender: draft?.gender,
    },
  });
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = form;

  const onSubmit = handleSubmit((values) => {
    const base = { ...values, phoneNumber: values.phoneNumber || undefined, reading: 'B' as const };
    if (presetType) {
      saveSignupDraft({ ...base, userType: presetType });
      navigate(`/signup-location?type=${presetType}`);
      return;
    }
    saveSignupDraft(base);
    navigate(`/role-selection?gender=${values.gender}`);
  });

  const genderError = errors.gender?.message;
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-label="Basic information">
      <EmailField form={form} />
      <FormTextField
        form={form}
        name="phoneNumber"
        id="phoneNumber"
        label="Phone Number (optional)"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
      />
      <PasswordField form={form} autoComplete="new-password" />
      <NameFields form={form} />
      <Field id="gender" label="Gender" error={genderError}>
        <select
          {...fieldA11y('gender', genderError)}
          defaultValue=""
          className="block h-12 w-full rounded-xl border border-white/10 bg-neutral-900 px-4 text-base text-white focus-visible:border-gold-400 focus-visible:outline-2 focus-visible:outline-gold-400/40"
          {...register('gender', { setValueAs: (v) => (v === '' ? undefined : v) })}
        >
          <option value="" disabled>
            Select your gender
          </option>
          <option value="male">Male</option>
          <option value="female">Female</option>
          <option value="other">Other</option>
        </select>
      </Field>
      <Button type="submit" size="lg" disabled={isSubmitting} className="mt-2 w-full">
        Continue
      </Button>
    </form>
  );
}
