import type { ReactNode } from 'react';
import { get, useFormState, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { Button } from '../ui/button';
import { TextField, type TextFieldProps } from '../ui/text-field';

export interface FormTextFieldProps<T extends FieldValues> extends Omit<TextFieldProps, 'error' | 'name' | 'form'> {
  form: UseFormReturn<T>;
  name: Path<T>;
}

/**
 * A TextField bound to one field of a react-hook-form form: its registration and its validation
 * message (shown under the input, linked through aria-describedby by TextField) come from the form.
 */
export function FormTextField<T extends FieldValues>({ form, name, ...field }: FormTextFieldProps<T>) {
  // Subscribes to this field's errors only (a field rendered by a child of the form's component).
  const { errors } = useFormState({ control: form.control, name });
  const message: unknown = get(errors, name)?.message;
  return <TextField {...field} error={typeof message === 'string' ? message : undefined} {...form.register(name)} />;
}

type PresetProps<T extends FieldValues> = Omit<FormTextFieldProps<T>, 'name' | 'id' | 'label'> & {
  name?: Path<T>;
  id?: string;
  label?: string;
};

/** The email of a form whose field is `email` unless named: the email keyboard and autofill. */
export function EmailField<T extends FieldValues>({
  name = 'email' as Path<T>,
  id = 'email',
  label = 'Email',
  autoComplete = 'email',
  ...field
}: PresetProps<T>) {
  return (
    <FormTextField
      {...field}
      name={name}
      id={id}
      label={label}
      type="email"
      inputMode="email"
      autoComplete={autoComplete}
    />
  );
}

/**
 * A password with the show/hide toggle. autoComplete is required: `new-password` (sign-up, reset)
 * and `current-password` (sign-in) tell the password manager what to offer.
 */
export function PasswordField<T extends FieldValues>({
  name = 'password' as Path<T>,
  id = 'password',
  label = 'Password',
  ...field
}: PresetProps<T> & { autoComplete: 'new-password' | 'current-password' }) {
  return <FormTextField {...field} name={name} id={id} label={label} password />;
}

/** First and last name side by side (one above the other on a phone), as the sign-up steps ask them. */
export function NameFields<T extends FieldValues & { firstName: string; lastName: string }>({
  form,
}: {
  form: UseFormReturn<T>;
}) {
  return (
    <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
      <FormTextField
        form={form}
        name={'firstName' as Path<T>}
        id="firstName"
        label="First Name"
        autoComplete="given-name"
      />
      <FormTextField
        form={form}
        name={'lastName' as Path<T>}
        id="lastName"
        label="Last Name"
        autoComplete="family-name"
      />
    </div>
  );
}

/**
 * A form's full-width submit button that says what it is doing while the request runs (and is
 * disabled and aria-busy meanwhile, so a second press sends nothing).
 */
export function SubmitButton({
  pending,
  pendingLabel,
  className = 'w-full',
  children,
}: {
  pending: boolean;
  pendingLabel: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Button type="submit" size="lg" disabled={pending} aria-busy={pending} className={className}>
      {pending ? pendingLabel : children}
    </Button>
  );
}

/**
 * A form's Cancel (closes it, nothing sent) and its submit, which says what it is doing while the
 * request runs (disabled and aria-busy meanwhile). On a phone the submit stands on top.
 */
export function FormActions({
  onCancel,
  pending,
  pendingLabel,
  variant,
  children,
}: {
  onCancel: () => void;
  pending: boolean;
  pendingLabel: string;
  variant?: 'primary' | 'destructive';
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
      <Button type="button" variant="ghost" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" variant={variant} disabled={pending} aria-busy={pending}>
        {pending ? pendingLabel : children}
      </Button>
    </div>
  );
}
