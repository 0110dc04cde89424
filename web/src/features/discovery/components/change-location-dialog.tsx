import { useId, useState, type FormEvent } from 'react';
import { CityAutocomplete } from '../../../components/city-autocomplete';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FieldError } from '../../../components/ui/field-error';
import { Label } from '../../../components/ui/label';
import type { VenueLocation } from '../api/venues';
import { locationText, parseLocation } from '../location';
import { LOCATION_HINT } from './location-search';

/**
 * 'Change Location' (docs/product.md#discovery-swipe-deck): a city with the city suggestions (or a
 * typed 'City, State'); Apply hands the place back, Cancel keeps the current one.
 */
export function ChangeLocationDialog({
  location,
  onApply,
  onClose,
}: {
  location: VenueLocation;
  onApply: (next: VenueLocation) => void;
  onClose: () => void;
}) {
  const id = useId();
  const fieldId = `${id}-city`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const [text, setText] = useState(() => locationText(location));
  const [chosen, setChosen] = useState<VenueLocation | null>(null);
  const [error, setError] = useState<string | undefined>();

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const next = chosen ?? parseLocation(text);
    if (!next) {
      setError(LOCATION_HINT);
      return;
    }
    onApply(next);
  };

  return (
    <Dialog title="Change Location" onClose={onClose}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <div>
          <Label htmlFor={fieldId}>City</Label>
          <CityAutocomplete
            id={fieldId}
            value={text}
            placeholder="City or state"
            invalid={!!error}
            describedBy={error ? `${hintId} ${errorId}` : hintId}
            onInputChange={(t) => {
              setText(t);
              setChosen(null);
              if (error) setError(undefined);
            }}
            onSelect={(city) => {
              setText(city.display);
              setChosen({ city: city.name, state: city.state });
              setError(undefined);
            }}
          />
          <p id={hintId} className="mt-2 text-xs text-neutral-400">
            Type a city or a state, then choose a city.
          </p>
          <FieldError id={errorId} message={error} />
        </div>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button type="button" variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit">Apply</Button>
        </div>
      </form>
    </Dialog>
  );
}
