import { useState, type FormEvent } from 'react';
import { CityAutocomplete } from '../../../components/city-autocomplete';
import { Button } from '../../../components/ui/button';
import { FieldError } from '../../../components/ui/field-error';
import { Label } from '../../../components/ui/label';
import type { VenuePlace } from '../api/venues';
import { locationText, parseSearch } from '../location';

export const LOCATION_HINT = 'Choose a city from the list, or type City, State (for example Key West, Florida).';

/** A typed text that is no city and no state: said, with the hint; no other city is picked for it. */
export function noMatchMessage(text: string): string {
  return `No city or state is called "${text.trim()}". ${LOCATION_HINT}`;
}

export interface LocationSearchProps {
  id: string;
  label: string;
  location: VenuePlace;
  onChange: (next: VenuePlace) => void;
  /**
   * Where the browser itself sends the search (`GET action?location=…`) when it is submitted before the
   * page's code has come (a prerendered page); the page reads it back. Without it the
   * form has no use without its code (the signed-in screens are never prerendered).
   */
  action?: string;
  /** A search the page was opened with (`?location=`): shown, and said wrong as Search would say it. */
  initialText?: string;
}

/** The query parameter a browser-submitted search arrives in (the field's name). */
export const LOCATION_PARAM = 'location';

const searchError = (text: string) => (text.trim() ? noMatchMessage(text) : LOCATION_HINT);

/**
 * A city or state search (suggestions match a city or a state name): choosing a suggestion changes
 * the location at once; Search (or Enter with no suggestion chosen) takes exactly what was typed, a
 * 'City, State', a known city or a state alone, and never a city that only resembles it.
 */
export function LocationSearch({ id, label, location, onChange, action, initialText }: LocationSearchProps) {
  const [text, setText] = useState(() => initialText ?? locationText(location));
  const [error, setError] = useState<string | undefined>(() =>
    initialText !== undefined && !parseSearch(initialText) ? searchError(initialText) : undefined,
  );
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const next = parseSearch(text);
    if (!next) {
      setError(searchError(text));
      return;
    }
    setError(undefined);
    setText(locationText(next));
    onChange(next);
  }

  return (
    <form
      role="search"
      aria-label={label}
      method={action ? 'get' : undefined}
      action={action}
      onSubmit={submit}
      noValidate
      className="w-full"
    >
      <Label htmlFor={id}>{label}</Label>
      {/* Side by side at every width: the suggestion list opens below both, never over Search. */}
      <div className="flex flex-row items-start gap-3">
        <div className="min-w-0 flex-1">
          <CityAutocomplete
            id={id}
            name={action ? LOCATION_PARAM : undefined}
            value={text}
            placeholder="City or state"
            invalid={!!error}
            describedBy={error ? `${hintId} ${errorId}` : hintId}
            onInputChange={(t) => {
              setText(t);
              if (error) setError(undefined);
            }}
            onSelect={(city) => {
              setText(city.display);
              setError(undefined);
              onChange({ city: city.name, state: city.state });
            }}
          />
        </div>
        <Button type="submit" variant="secondary" className="h-12 shrink-0">
          Search
        </Button>
      </div>
      <p id={hintId} className="mt-2 text-xs text-neutral-400">
        Type a city or a state, then choose a city or press Search.
      </p>
      <FieldError id={errorId} message={error} />
    </form>
  );
}
