import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { locationSchema, registerSchema, type RegisterInput } from '@luxe/contracts';
import { CityAutocomplete } from '../../../components/city-autocomplete';
import { Button } from '../../../components/ui/button';
import { FieldError } from '../../../components/ui/field-error';
import { Label } from '../../../components/ui/label';
import { toast } from '../../../components/ui/toast';
import { serverMessage } from '../../../lib/api-client';
import { DEFAULT_LOCATION, findCity, type City } from '../../../lib/cities';
import { useRegister } from '../api/register';
import { clearSignupDraft, type StoredSignupDraft, type SignupType } from '../signup-draft';

export interface SignupLocationFormProps {
  type: SignupType;
  draft: StoredSignupDraft;
}

/** Sign-up step 2 of 2: city and state, then the registration itself. */
export function SignupLocationForm({ type, draft }: SignupLocationFormProps) {
  const navigate = useNavigate();
  const {
    control,
    handleSubmit,
    setValue,
    getValues,
    watch,
    formState: { errors, isSubmitted },
  } = useForm({
    resolver: zodResolver(locationSchema),
    defaultValues: { city: DEFAULT_LOCATION.city, state: DEFAULT_LOCATION.state },
  });
  const state = watch('state');

  const registration = useRegister({
    onSuccess: (_user, remembered) => {
      clearSignupDraft();
      toast({ title: 'Welcome to LuxeSwipe!', description: `Your ${type} account has been created successfully.` });
      // A visitor asked for an account in the middle of a booking
      // goes back to it (docs/product.md#accounts-resume-booking).
      navigate(remembered ?? (type === 'host' ? '/dashboard' : '/welcome-success'), { replace: true });
    },
    onError: (error) => {
      toast({
        variant: 'destructive',
        title: 'Registration failed',
        description: serverMessage(error, 'Please try again'),
      });
    },
  });

  function selectCity(city: City) {
    setValue('city', `${city.name}, ${city.stateCode}`, { shouldValidate: isSubmitted, shouldDirty: true });
    setValue('state', city.state, { shouldValidate: isSubmitted, shouldDirty: true });
  }

  const onSubmit = handleSubmit((location) => {
    const input: RegisterInput = {
      email: draft.email,
      password: draft.password,
      firstName: draft.firstName,
      lastName: draft.lastName,
      city: location.city,
      state: location.state,
      userType: type,
      ...(draft.phoneNumber ? { phoneNumber: draft.phoneNumber } : {}),
      ...(draft.gender ? { gender: draft.gender } : {}),
    };
    // Both readings' step 1 hold the final rules; a draft that no longer satisfies them (edited
    // storage, an older version) is fixed on its step 1, where its fields are.
    const checked = registerSchema.safeParse(input);
    if (!checked.success) {
      toast({
        variant: 'destructive',
        title: 'Registration failed',
        description: checked.error.issues[0]?.message ?? 'Please try again',
      });
      navigate(draft.reading === 'B' ? '/register' : `/signup?type=${type}`);
      return;
    }
    registration.mutate(input);
  });

  const cityError = errors.city?.message ?? errors.state?.message;
  const pending = registration.isPending;

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-label="Location">
      <div>
        <Label htmlFor="city">City</Label>
        <Controller
          control={control}
          name="city"
          render={({ field }) => (
            <CityAutocomplete
              id="city"
              value={field.value}
              placeholder="Start typing your city"
              invalid={!!cityError}
              describedBy={cityError ? 'city-error state-display' : 'state-display'}
              onInputChange={(text) => {
                field.onChange(text);
                // Typing a new city invalidates the state chosen with the old one.
                setValue('state', '', { shouldValidate: isSubmitted });
              }}
              onSelect={selectCity}
              onBlur={() => {
                field.onBlur();
                const typed = getValues('city');
                const match = findCity(typed);
                if (match && !getValues('state')) selectCity(match);
              }}
            />
          )}
        />
        <p id="state-display" className="mt-2 text-sm text-neutral-400" aria-live="polite">
          State:{' '}
          <span className="text-neutral-100" data-testid="selected-state">
            {state || 'choose a city from the list'}
          </span>
        </p>
        <FieldError id="city-error" message={cityError} />
      </div>
      <Button type="submit" size="lg" disabled={pending} aria-busy={pending} className="mt-2 w-full">
        {pending ? 'Creating Account...' : 'Complete Registration'}
      </Button>
    </form>
  );
}
