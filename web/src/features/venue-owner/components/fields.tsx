import { useId, useState, type ComponentProps, type ReactElement, type ReactNode } from 'react';
import {
  Controller,
  get,
  useFormState,
  type Control,
  type FieldValues,
  type Path,
  type PathValue,
  type UseFormRegister,
} from 'react-hook-form';
import { Field, fieldA11y } from '../../../components/form/field';
import { FormActions } from '../../../components/form/form-fields';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Select, Textarea } from '../../../components/ui/select';
import { Switch } from '../../../components/ui/switch';
import { parseCapacity, requiredNumber, splitList } from '../rules';
import { ImageUploader } from './image-uploader';

/** A list typed one item per line (amenities, rules, specialties). Keeps the raw text while typing. */
export function ListField({
  id,
  label,
  value,
  onChange,
  error,
  separator = 'line',
}: {
  id: string;
  label: string;
  value: string[];
  onChange: (next: string[]) => void;
  error?: string;
  separator?: 'line' | 'comma';
}): ReactElement {
  const joiner = separator === 'line' ? '\n' : ', ';
  const [text, setText] = useState(() => value.join(joiner));
  const hint = separator === 'line' ? 'One per line' : 'Separated by commas';
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <Textarea
        {...fieldA11y(id, error, true)}
        rows={separator === 'line' ? 4 : 2}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          onChange(splitList(e.target.value, separator === 'line' ? /\r?\n/ : /,/));
        }}
      />
    </Field>
  );
}

/** The first message of a field's errors (nested errors of lists and tiers included). */
export function firstError(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const { message } = error as { message?: unknown };
  if (typeof message === 'string' && message) return message;
  const children = Array.isArray(error) ? error : Object.values(error);
  for (const child of children) {
    const found = firstError(child);
    if (found) return found;
  }
  return undefined;
}

export function StatusBadge({ tone, children }: { tone: 'gold' | 'green' | 'red' | 'neutral'; children: ReactNode }) {
  const tones = {
    gold: 'border-gold-400/60 bg-gold-400/10 text-gold-200',
    green: 'border-emerald-400/60 bg-emerald-400/10 text-emerald-200',
    red: 'border-red-400/60 bg-red-400/10 text-red-200',
    neutral: 'border-white/20 bg-white/5 text-neutral-200',
  } as const;
  return (
    <span className={`inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold ${tones[tone]}`}>
      {children}
    </span>
  );
}

/** What the bound fields below need of a react-hook-form form (its `useForm` result fits). */
export interface BoundForm<T extends FieldValues> {
  // The forms' third type (the schema's output) does not matter to a field.
  control: Control<T, any, any>;
  register: UseFormRegister<T>;
}

/** A bound field: the form, the field's name and its label; its id is its own (useId). */
interface BoundFieldProps<T extends FieldValues> {
  form: BoundForm<T>;
  name: Path<T>;
  label: string;
  hint?: string;
}

/** The first message of one field's errors, kept up to date for the field's own component. */
function useFieldError<T extends FieldValues>(form: BoundForm<T>, name: Path<T>): string | undefined {
  const { errors } = useFormState({ control: form.control, name });
  return firstError(get(errors, name));
}

/**
 * A Field holding an Input bound to the form's `name`: registration (with `setValueAs` for the
 * number fields), the message and the aria wiring from one place. The other props go to the input.
 */
export function InputField<T extends FieldValues>({
  form,
  name,
  label,
  hint,
  setValueAs,
  onBlur,
  ...input
}: BoundFieldProps<T> &
  Omit<ComponentProps<typeof Input>, 'id' | 'name' | 'form' | 'onBlur'> & {
    setValueAs?: (value: unknown) => unknown;
    onBlur?: (e: { target: HTMLInputElement }) => void;
  }) {
  const id = useId();
  const error = useFieldError(form, name);
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <Input {...fieldA11y(id, error, !!hint)} {...input} {...form.register(name, { setValueAs, onBlur })} />
    </Field>
  );
}

/** Number inputs by what they hold: the keyboard, the least value and the step the browser offers. */
export const NUMBER_INPUTS = {
  /** Guests, hours, bookings: whole, at least 1. */
  count: { type: 'number', inputMode: 'numeric', min: 1, step: 1 },
  /** Dollars and cents, at least 0. */
  money: { type: 'number', inputMode: 'decimal', min: 0, step: '0.01' },
  /** Whole percent, 0 to 100. */
  percent: { type: 'number', inputMode: 'numeric', min: 0, max: 100, step: 1 },
} as const;

/** The hourly price of a venue or a section: dollars and cents, required. */
export const PRICE_PER_HOUR = {
  label: 'Price per hour ($)',
  ...NUMBER_INPUTS.money,
  setValueAs: requiredNumber,
} as const;

/** The guests a venue or a section holds: a typed fraction or 0 is read as a whole number of at least 1. */
export const CAPACITY = { ...NUMBER_INPUTS.count, setValueAs: parseCapacity } as const;

/** A Field holding a Select bound to the form's `name`; `onChange` runs after the form has the new value. */
export function SelectField<T extends FieldValues>({
  form,
  name,
  label,
  hint,
  onChange,
  disabled,
  children,
}: BoundFieldProps<T> & {
  onChange?: (e: { target: { value: string } }) => void;
  disabled?: boolean;
  children: ReactNode;
}) {
  const id = useId();
  const error = useFieldError(form, name);
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <Select {...fieldA11y(id, error, !!hint)} {...form.register(name, { onChange })} disabled={disabled}>
        {children}
      </Select>
    </Field>
  );
}

/** A Field holding a Textarea bound to the form's `name` (descriptions). */
export function TextareaField<T extends FieldValues>({
  form,
  name,
  label,
  rows,
}: BoundFieldProps<T> & { rows: number }) {
  const id = useId();
  const error = useFieldError(form, name);
  return (
    <Field id={id} label={label} error={error}>
      <Textarea {...fieldA11y(id, error)} {...form.register(name)} rows={rows} />
    </Field>
  );
}

/** A ListField (one item per line, or comma separated) holding the form's string list `name`. */
export function ListFieldControl<T extends FieldValues>({
  form,
  name,
  label,
  separator,
}: Omit<BoundFieldProps<T>, 'hint'> & { separator?: 'line' | 'comma' }) {
  const id = useId();
  const error = useFieldError(form, name);
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <ListField
          id={id}
          label={label}
          separator={separator}
          value={(field.value as string[] | undefined) ?? []}
          onChange={field.onChange}
          error={error}
        />
      )}
    />
  );
}

/** A Switch holding the form's boolean `name`. */
export function SwitchControl<T extends FieldValues>({ form, name, label, hint }: BoundFieldProps<T>) {
  const id = useId();
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <Switch id={id} label={label} hint={hint} checked={!!field.value} onChange={field.onChange} />
      )}
    />
  );
}

/** The ImageUploader holding the form's photo list `images` (at most `max`). */
export function ImagesControl<T extends FieldValues>({
  form,
  label,
  max,
}: {
  form: BoundForm<T>;
  label: string;
  max: number;
}) {
  return (
    <Controller
      control={form.control}
      name={'images' as Path<T>}
      render={({ field }) => (
        <ImageUploader
          label={label}
          images={(field.value as PathValue<T, Path<T>> | undefined) ?? []}
          onChange={field.onChange}
          max={max}
        />
      )}
    />
  );
}

/**
 * An editor form of the owner's pages (section, staff member): a framed card named by its title,
 * its fields, then Cancel and the submit button (which says Saving... while the request runs).
 */
export function EditorForm({
  titleId,
  title,
  onSubmit,
  onCancel,
  pending,
  submitLabel,
  children,
}: {
  titleId: string;
  title: string;
  onSubmit: () => void;
  onCancel: () => void;
  pending: boolean;
  submitLabel: string;
  children: ReactNode;
}) {
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-labelledby={titleId}
      className="flex flex-col gap-5 rounded-3xl border border-gold-400/30 bg-neutral-900/70 p-5"
    >
      <h3 id={titleId} className="text-lg font-semibold text-white">
        {title}
      </h3>
      {children}
      <EditorActions onCancel={onCancel} pending={pending} submitLabel={submitLabel} />
    </form>
  );
}

/** Cancel and the submit button of an owner's form: the submit says Saving... while the request runs. */
export function EditorActions({
  onCancel,
  pending,
  submitLabel,
}: {
  onCancel: () => void;
  pending: boolean;
  submitLabel: string;
}) {
  return (
    <FormActions onCancel={onCancel} pending={pending} pendingLabel="Saving...">
      {submitLabel}
    </FormActions>
  );
}

/**
 * A small button of one item of a list (a section, a member, a venue): `name` says what it does to
 * which item, the text is short. `danger` is the quiet red of Delete.
 */
export function ItemAction({
  id,
  name,
  variant = 'ghost',
  danger,
  pending,
  onClick,
  children,
}: {
  id?: string;
  name: string;
  variant?: 'primary' | 'secondary' | 'ghost';
  danger?: boolean;
  /** Its request is running: disabled until it ends. */
  pending?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Button
      id={id}
      type="button"
      size="sm"
      variant={variant}
      className={danger ? 'text-red-300 hover:text-red-200' : undefined}
      disabled={pending}
      onClick={onClick}
      aria-label={name}
    >
      {children}
    </Button>
  );
}

/** "Delete <what>" / "Are you sure you want to delete this <what>?" before a delete. */
export function ConfirmDelete({
  what,
  pending,
  onConfirm,
  onCancel,
}: {
  what: string;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <ConfirmDialog
      title={`Delete ${what}`}
      message={`Are you sure you want to delete this ${what}?`}
      confirmLabel="Delete"
      pending={pending}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
