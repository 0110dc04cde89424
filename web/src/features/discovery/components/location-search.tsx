import { useState, type FormEvent } from 'react';
import { CityAutocomplete } from '../../../components/city-autocomplete';
import { Button } from '../../../components/ui/button';
import { FieldError } from '../../../components/ui/field-error';
import { Label } from '../../../components/ui/label';
import type { VenueLocation } from '../api/venues';
import { locationText, parseLocation } from '../location';

export const LOCATION_HINT = 'Choose a city from the list, or type City, State (for example Key West, Florida).';

export interface LocationSearchProps {
  id: string;
  label: string;
  location: VenueLocation;
  onChange: (next: VenueLocation) => void;
}

/**
 * A city search (suggestions match a city or a state name): choosing a suggestion changes the
 * location at once; Search takes a typed 'City, State'.
 */
export function LocationSearch({ id, label, location, onChange }: LocationSearchProps) {
  const [text, setText] = useState(() => locationText(location));
  const [error, setError] = useState<string | undefined>();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const next = parseLocation(text);
    if (!next) {
      setError(LOCATION_HINT);
      return;
    }
    setError(undefined);
    setText(locationText(next));
    onChange(next);
  }

  return (
    <form role="search" aria-label={label} onSubmit={submit} noValidate className="w-full">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="min-w-0 flex-1">
          <CityAutocomplete
            id={id}
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
        Type a city or a state, then choose a city.
      </p>
      <FieldError id={errorId} message={error} />
    </form>
  );
}
