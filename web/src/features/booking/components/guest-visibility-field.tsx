import type { GuestVisibility } from '../booking-rules';

const OPTIONS: { value: GuestVisibility; label: string }[] = [
  { value: 'men', label: 'Men' },
  { value: 'women', label: 'Women' },
  { value: 'both', label: 'Both' },
];

/**
 * 'Show to Guests': Men, Women, Both; Men and Women may both be chosen, at least one stays
 * (default Both). Both already means Men and Women, so it is chosen alone: picking it clears the
 * others, picking Men or Women clears it (the server refuses 'men,both').
 */
export function GuestVisibilityField({
  value,
  onChange,
  idPrefix = 'visibility',
  disabled = false,
}: {
  value: ReadonlySet<GuestVisibility>;
  onChange: (next: Set<GuestVisibility>) => void;
  idPrefix?: string;
  disabled?: boolean;
}) {
  const toggle = (v: GuestVisibility) => {
    const next = new Set(value);
    if (next.has(v)) next.delete(v);
    else {
      if (v === 'both') next.clear();
      else next.delete('both');
      next.add(v);
    }
    if (next.size > 0) onChange(next);
  };
  return (
    <fieldset>
      <legend className="mb-1 text-sm font-semibold text-neutral-100">Show to Guests</legend>
      <p className="mb-3 text-xs text-neutral-300">Who can discover your event and ask to join.</p>
      <div className="grid grid-cols-3 gap-2">
        {OPTIONS.map((o) => (
          <div key={o.value} className="relative">
            <input
              id={`${idPrefix}-${o.value}`}
              type="checkbox"
              className="peer sr-only"
              checked={value.has(o.value)}
              disabled={disabled}
              onChange={() => toggle(o.value)}
            />
            <label
              htmlFor={`${idPrefix}-${o.value}`}
              className="flex h-11 cursor-pointer items-center justify-center rounded-full border border-white/15 bg-white/5 text-sm font-semibold text-neutral-100 peer-checked:border-gold-400 peer-checked:bg-gold-400/15 peer-checked:text-gold-100 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-gold-400"
            >
              {o.label}
            </label>
          </div>
        ))}
      </div>
    </fieldset>
  );
}
