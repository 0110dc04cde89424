import { FieldError } from './field-error';
import { Input, type InputProps } from './input';
import { Label } from './label';
import { PasswordInput } from './password-input';

export interface TextFieldProps extends Omit<InputProps, 'id'> {
  id: string;
  label: string;
  error?: string;
  /** Render a password input with a show/hide toggle. */
  password?: boolean;
}

/** Label + input + validation message, wired for assistive technology. */
export function TextField({ id, label, error, password, ...inputProps }: TextFieldProps) {
  const errorId = `${id}-error`;
  const a11y = { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? errorId : undefined };
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      {password ? <PasswordInput {...inputProps} {...a11y} /> : <Input {...inputProps} {...a11y} />}
      <FieldError id={errorId} message={error} />
    </div>
  );
}
