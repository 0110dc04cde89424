import { useState, type ReactElement, type ReactNode } from 'react';
import { FieldError } from '../../../components/ui/field-error';
import { Label } from '../../../components/ui/label';
import { Textarea } from '../../../components/ui/select';
import { splitList } from '../rules';

/** A labelled control with its validation message; the control gets id and aria wiring from the caller. */
export function Field({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-neutral-400">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** aria attributes of a control inside a Field. */
export function fieldA11y(id: string, error?: string, hint?: boolean) {
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ');
  return { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy || undefined } as const;
}

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
