import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { PROFILE_LIMITS, PROFILE_MESSAGES, profileSchema, type PublicUser } from '@luxe/contracts';
import { Button } from '../../../components/ui/button';
import { FieldError } from '../../../components/ui/field-error';
import { Label } from '../../../components/ui/label';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast';
import { serverMessage } from '../../../lib/api-client';
import { useUpdateProfile } from '../api/profile';

const detailsSchema = profileSchema.pick({ age: true, bio: true });

/** Profile Details (docs/product.md#profiles): age 18–100 and a bio of 10–500 characters with a live n/500 counter. */
export function ProfileDetailsForm({ user }: { user: PublicUser }) {
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(detailsSchema),
    // A new member has no age yet: the field starts empty and the schema says 'Age is required'.
    defaultValues: { age: user.age ?? (undefined as unknown as number), bio: user.bio ?? '' },
  });
  const bio = useWatch({ control, name: 'bio' }) ?? '';
  const save = useUpdateProfile({
    onSuccess: () => toast({ title: 'Profile Updated', description: 'Your profile details have been saved.' }),
    onError: (error) =>
      toast({ variant: 'destructive', title: 'Error', description: serverMessage(error, PROFILE_MESSAGES.saveFailed) }),
  });
  const onSubmit = handleSubmit((values) => save.mutate(values));
  const bioError = errors.bio?.message;

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Profile details" className="flex flex-col gap-5">
      <TextField
        id="profile-age"
        label="Age"
        type="number"
        inputMode="numeric"
        min={PROFILE_LIMITS.ageMin}
        max={PROFILE_LIMITS.ageMax}
        error={errors.age?.message}
        {...register('age', { setValueAs: (v) => (v === '' || v === null || v === undefined ? undefined : Number(v)) })}
      />
      <div>
        <Label htmlFor="profile-bio">Bio</Label>
        <textarea
          id="profile-bio"
          rows={5}
          aria-invalid={bioError ? true : undefined}
          aria-describedby={`profile-bio-count${bioError ? ' profile-bio-error' : ''}`}
          className="block w-full rounded-xl border border-white/10 bg-white/5 px-4 py-3 text-base text-white placeholder:text-neutral-400 focus-visible:border-gold-400 focus-visible:outline-2 focus-visible:outline-gold-400/40"
          placeholder="Tell hosts and guests about yourself"
          {...register('bio')}
        />
        <p
          id="profile-bio-count"
          aria-live="polite"
          className={
            bio.length > PROFILE_LIMITS.bioMax
              ? 'mt-1 text-right text-xs text-red-300'
              : 'mt-1 text-right text-xs text-neutral-400'
          }
        >
          {bio.length}/{PROFILE_LIMITS.bioMax}
        </p>
        <FieldError id="profile-bio-error" message={bioError} />
      </div>
      <Button type="submit" disabled={save.isPending} className="self-start">
        {save.isPending ? 'Saving...' : 'Save Details'}
      </Button>
    </form>
  );
}
