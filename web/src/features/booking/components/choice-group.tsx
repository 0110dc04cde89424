import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn';

export interface ChoiceOption<T extends string> {
  value: T;
  label: ReactNode;
  /** The accessible name when the label is rich content. */
  ariaLabel?: string;
  description?: ReactNode;
  /** Not choosable (a taken time): the input is disabled and the description says why in words. */
  disabled?: boolean;
}

/**
 * A set of radio buttons drawn as cards: native radios (arrow keys move, Space picks), a visible
 * focus ring on the card, and the legend as the group's name.
 */
export function ChoiceGroup<T extends string>({
  name,
  legend,
  options,
  value,
  onChange,
  columns = 'grid-cols-1',
  hideLegend = false,
}: {
  name: string;
  legend: string;
  options: readonly ChoiceOption<T>[];
  value: T | null;
  onChange: (value: T) => void;
  columns?: string;
  hideLegend?: boolean;
}) {
  return (
    <fieldset className="min-w-0">
      <legend className={hideLegend ? 'sr-only' : 'mb-3 text-sm font-semibold text-neutral-100'}>{legend}</legend>
      <div className={cn('grid gap-2', columns)}>
        {options.map((o) => {
          const id = `${name}-${o.value}`;
          const checked = value === o.value;
          return (
            <div key={o.value} className="relative">
              <input
                id={id}
                type="radio"
                name={name}
                value={o.value}
                checked={checked}
                disabled={o.disabled}
                onChange={() => onChange(o.value)}
                aria-label={o.ariaLabel}
                className="peer sr-only"
              />
              <label
                htmlFor={id}
                className={cn(
                  'flex h-full flex-col justify-center rounded-2xl border px-3 py-3 text-sm transition-colors',
                  'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-gold-400',
                  o.disabled
                    ? 'cursor-not-allowed border-dashed border-white/15 bg-transparent text-neutral-400'
                    : checked
                      ? 'cursor-pointer border-gold-400 bg-gold-400/15 text-gold-100'
                      : 'cursor-pointer border-white/15 bg-white/5 text-neutral-100 hover:border-gold-400/60',
                )}
              >
                <span className={cn('font-semibold', o.disabled && 'line-through')}>{o.label}</span>
                {o.description ? <span className="mt-1 text-xs text-neutral-300">{o.description}</span> : null}
              </label>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
