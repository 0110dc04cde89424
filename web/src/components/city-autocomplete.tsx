import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { cn } from '../lib/cn';
import { searchCities, type City } from '../lib/cities';
import { Input } from './ui/input';

/** The list closes this long after the input loses focus, so a click on an option still lands. */
export const CITY_LIST_CLOSE_DELAY_MS = 200;

export interface CityAutocompleteProps {
  id: string;
  value: string;
  onInputChange: (text: string) => void;
  onSelect: (city: City) => void;
  /** Called when the field has lost focus and the list has closed. */
  onBlur?: () => void;
  invalid?: boolean;
  describedBy?: string;
  placeholder?: string;
  /** The field's name in a form the browser submits itself (a prerendered page before its code has come). */
  name?: string;
}

/**
 * City-and-state autocomplete (ARIA 1.2 combobox with a listbox popup): suggestions after
 * 2 typed characters, at most 6; ArrowUp/ArrowDown move, Enter chooses, Escape closes.
 */
export function CityAutocomplete({
  id,
  value,
  onInputChange,
  onSelect,
  onBlur,
  invalid,
  describedBy,
  placeholder,
  name,
}: CityAutocompleteProps) {
  const listId = `${id}-listbox`;
  const optionPrefix = `${id}-option-${useId().replace(/:/g, '')}`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const blurTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const suggestions = useMemo(() => searchCities(value), [value]);
  const expanded = open && suggestions.length > 0;

  useEffect(() => () => clearTimeout(blurTimer.current), []);

  // On a prerendered page the field is on screen before its code: what was typed meanwhile is in the
  // element, and React hydrating a controlled input leaves it there without telling the owner (React
  // 19.2 replays no change event for it), so Search would take the prerendered text instead.
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const typed = input.current?.value;
    if (typed === undefined || typed === value) return;
    onInputChange(typed);
    // Still in the field: its suggestions open as they would have while typing.
    if (document.activeElement === input.current) setOpen(true);
  }, []); // once, at mount: later the element and the value move together

  function choose(city: City) {
    onSelect(city);
    setOpen(false);
    setActive(-1);
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    const n = suggestions.length;
    switch (e.key) {
      case 'ArrowDown':
        if (n === 0) return;
        e.preventDefault();
        if (!expanded) {
          setOpen(true);
          setActive(0);
        } else {
          setActive((i) => (i + 1) % n);
        }
        break;
      case 'ArrowUp':
        if (n === 0) return;
        e.preventDefault();
        if (!expanded) {
          setOpen(true);
          setActive(n - 1);
        } else {
          setActive((i) => (i <= 0 ? n - 1 : i - 1));
        }
        break;
      case 'Enter':
        if (expanded && active >= 0 && active < n) {
          e.preventDefault();
          choose(suggestions[active]);
        }
        break;
      case 'Escape':
        if (expanded) {
          e.preventDefault();
          setOpen(false);
          setActive(-1);
        }
        break;
    }
  }

  return (
    <div className="relative">
      <Input
        ref={input}
        id={id}
        name={name}
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${optionPrefix}-${active}` : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        placeholder={placeholder}
        value={value}
        onChange={(e) => {
          onInputChange(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onFocus={() => clearTimeout(blurTimer.current)}
        onBlur={() => {
          clearTimeout(blurTimer.current);
          blurTimer.current = setTimeout(() => {
            setOpen(false);
            setActive(-1);
            onBlur?.();
          }, CITY_LIST_CLOSE_DELAY_MS);
        }}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label="City suggestions"
        hidden={!expanded}
        className="absolute z-20 mt-2 max-h-80 w-full overflow-auto rounded-2xl border border-white/10 bg-neutral-900 py-2 shadow-2xl shadow-black/60"
      >
        {expanded &&
          suggestions.map((city, i) => (
            <li
              key={city.display}
              id={`${optionPrefix}-${i}`}
              role="option"
              aria-selected={i === active}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(city)}
              onMouseEnter={() => setActive(i)}
              className={cn(
                'flex cursor-pointer items-baseline justify-between gap-3 px-4 py-3 text-sm',
                i === active ? 'bg-gold-400/15 text-gold-100' : 'text-neutral-200',
              )}
            >
              <span className="font-medium">{city.display}</span>
              <span className="text-xs text-neutral-400">{city.state}</span>
            </li>
          ))}
      </ul>
    </div>
  );
}
