import { useEffect, useId, useRef, useState } from 'react';
import { useFieldArray, useForm, useWatch, type Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  CANCELLATION_POLICIES,
  CANCELLATION_POLICY_LABELS,
  DEFAULT_CANCELLATION_POLICY,
  describeCancellationPolicy,
  formatCity,
  TEXT_LIMITS,
  toCancellationPolicy,
  VENUE_PLACEHOLDERS,
  VENUE_SUBTYPES,
  venueInputSchema,
  yachtPriceDrops,
  type Venue,
  type VenueDto,
  type VenueInput,
  type YachtPriceDrop,
} from '@luxe/contracts';
import { toastFailure } from '../../../components/form/failure-toast';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { formatDollars, formatPricePerHour, formatWholeDollars } from '../../../lib/format';
import { useCreateVenue, useUpdateVenue } from '../api/venues';
import {
  citiesOf,
  nextTierHours,
  optionalNumber,
  parseCapacity,
  requiredNumber,
  SUBTYPE_LABELS,
  VENUE_STATES,
} from '../rules';
import {
  EditorActions,
  firstError,
  ImagesControl,
  InputField,
  ListFieldControl,
  CAPACITY,
  NUMBER_INPUTS,
  PRICE_PER_HOUR,
  SelectField,
  SwitchControl,
  TextareaField,
} from './fields';

/** Photos a venue keeps in all (the contract's limit). */
export const MAX_VENUE_IMAGES = 20;

function toFormValues(venue: Venue | undefined, type: 'club' | 'yacht'): VenueInput {
  if (!venue) {
    return {
      name: '',
      type,
      subtype: type === 'club' ? 'nightclub' : null,
      city: '',
      state: '',
      address: '',
      description: '',
      images: [],
      amenities: [],
      capacity: 1,
      pricePerHour: Number.NaN,
      rating: undefined,
      hours: '',
      yachtLength: undefined,
      hasCaptain: false,
      responseRate: undefined,
      cancellationPolicy: DEFAULT_CANCELLATION_POLICY,
      rules: [],
      pricingTiers: [],
    };
  }
  const rating = Number(venue.rating);
  return {
    name: venue.name,
    type: venue.type,
    subtype: venue.subtype,
    city: venue.city,
    state: venue.state,
    address: venue.address,
    description: venue.description,
    images: venue.images,
    amenities: venue.amenities,
    capacity: venue.capacity,
    pricePerHour: Number(venue.pricePerHour),
    rating: rating >= 1 ? rating : undefined,
    hours: venue.hours ?? '',
    yachtLength: venue.yachtLength ?? undefined,
    hasCaptain: venue.hasCaptain,
    responseRate: venue.responseRate ?? undefined,
    cancellationPolicy: venue.cancellationPolicy,
    rules: venue.rules,
    pricingTiers: venue.pricingTiers,
  };
}

/**
 * Add or edit a venue (docs/product.md#venues-form). Clubs: one column. Yachts: the form beside a
 * live preview card (stacked on small screens), with yacht length, captain, response rate,
 * cancellation policy, rules and pricing tiers. Checked with the contract's schema, so the messages
 * are the server's.
 */
export function VenueForm({
  venue,
  initialType = 'club',
  onDone,
}: {
  venue?: Venue;
  initialType?: 'club' | 'yacht';
  onDone: () => void;
}) {
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;
  const heading = useRef<HTMLHeadingElement>(null);
  const create = useCreateVenue();
  const update = useUpdateVenue();
  const pending = create.isPending || update.isPending;
  const formApi = useForm<VenueInput, unknown, VenueDto>({
    resolver: zodResolver(venueInputSchema),
    defaultValues: toFormValues(venue, initialType),
  });
  const {
    register,
    control,
    handleSubmit,
    setValue,
    getValues,
    formState: { errors },
  } = formApi;
  const type = useWatch({ control, name: 'type' });
  const state = useWatch({ control, name: 'state' });
  const policy = useWatch({ control, name: 'cancellationPolicy' });
  const tiers = useFieldArray({ control, name: 'pricingTiers' as never }) as unknown as {
    fields: { id: string }[];
    append: (v: { hours: number; price: number }) => void;
    remove: (i: number) => void;
  };
  const isYacht = type === 'yacht';
  // Tiers that make a longer trip cheaper, found when saving: the owner confirms them or edits them.
  const [priceWarning, setPriceWarning] = useState<{ drops: YachtPriceDrop[]; data: VenueDto } | null>(null);
  const warningRef = useRef<HTMLDivElement>(null);
  const pricing = JSON.stringify(useWatch({ control, name: ['pricePerHour', 'pricingTiers', 'type'] }));
  useEffect(() => setPriceWarning(null), [pricing]);
  useEffect(() => {
    if (priceWarning) warningRef.current?.focus();
  }, [priceWarning]);

  useEffect(() => {
    heading.current?.focus();
  }, []);

  const cities = citiesOf(state ?? '');
  const currentCity = getValues('city');
  const cityOptions = currentCity && !cities.includes(currentCity) ? [currentCity, ...cities] : cities;
  const stateOptions = state && !VENUE_STATES.includes(state) ? [state, ...VENUE_STATES] : VENUE_STATES;

  const onSubmit = (data: VenueDto) => {
    const drops = data.type === 'yacht' ? yachtPriceDrops(data) : [];
    if (drops.length > 0) setPriceWarning({ drops, data });
    else save(data);
  };

  const editTiers = () => {
    const first = priceWarning?.drops[0];
    setPriceWarning(null);
    // The price to look at: the longer trip's tier, else the shorter one's (one of them is a tier).
    const hours = (getValues('pricingTiers') ?? []).map((t) =>
      typeof t === 'object' && t !== null && 'hours' in t ? t.hours : null,
    );
    const index = [first?.hours, first?.shorterHours].map((h) => hours.indexOf(h ?? null)).find((i) => i >= 0) ?? 0;
    document.getElementById(`${id('tier')}-${index}-price`)?.focus();
  };

  const save = (data: VenueDto) => {
    setPriceWarning(null);
    const body: VenueInput = { ...data, subtype: data.type === 'club' ? data.subtype : null };
    if (venue) {
      update.mutate(
        { id: venue.id, body },
        {
          onSuccess: () => {
            toast({ title: 'Success', description: 'Venue updated' });
            onDone();
          },
          onError: (error) => toastFailure(error, 'Failed to update venue'),
        },
      );
    } else {
      create.mutate(body, {
        onSuccess: () => {
          toast({ title: 'Success', description: 'Venue created and waiting for approval' });
          onDone();
        },
        onError: (error) => toastFailure(error, 'Failed to create venue'),
      });
    }
  };

  const form = (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="flex flex-col gap-5" aria-labelledby={id('title')}>
      <SelectField
        form={formApi}
        name="type"
        label="Event type"
        onChange={(e) => setValue('subtype', e.target.value === 'club' ? (getValues('subtype') ?? 'nightclub') : null)}
        disabled={!!venue}
      >
        <option value="club">Club</option>
        <option value="yacht">Yacht</option>
      </SelectField>
      <InputField
        form={formApi}
        name="name"
        label={isYacht ? 'Yacht name' : 'Venue name'}
        maxLength={TEXT_LIMITS.venueName}
        autoComplete="off"
      />
      {!isYacht ? (
        <SelectField form={formApi} name="subtype" label="Club type">
          {VENUE_SUBTYPES.map((s) => (
            <option key={s} value={s}>
              {SUBTYPE_LABELS[s]}
            </option>
          ))}
        </SelectField>
      ) : null}
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField form={formApi} name="state" label="State" onChange={() => setValue('city', '')}>
          <option value="">Choose a state</option>
          {stateOptions.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </SelectField>
        <SelectField
          form={formApi}
          name="city"
          label="City"
          hint={state ? undefined : 'Choose a state first'}
          disabled={!state}
        >
          <option value="">{state ? 'Choose a city' : 'Choose a state first'}</option>
          {cityOptions.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </SelectField>
      </div>
      <InputField
        form={formApi}
        name="address"
        label="Address"
        maxLength={TEXT_LIMITS.address}
        autoComplete="street-address"
      />
      <TextareaField form={formApi} name="description" label="Description" rows={4} />
      <div className="grid gap-5 sm:grid-cols-3">
        <InputField
          form={formApi}
          name="capacity"
          label={isYacht ? 'Passengers' : 'Capacity'}
          {...CAPACITY}
          onBlur={(e) => {
            e.target.value = String(parseCapacity(e.target.value));
          }}
        />
        <InputField form={formApi} name="pricePerHour" {...PRICE_PER_HOUR} />
        <InputField
          form={formApi}
          name="rating"
          label="Rating (1 to 5)"
          type="number"
          inputMode="decimal"
          min={1}
          max={5}
          step={0.1}
          setValueAs={optionalNumber}
        />
      </div>
      {!isYacht ? (
        <InputField form={formApi} name="hours" label="Opening hours" placeholder="Thu–Sat 10 PM – 4 AM" />
      ) : (
        <>
          <div className="grid gap-5 sm:grid-cols-2">
            <InputField
              form={formApi}
              name="yachtLength"
              label="Yacht length (ft)"
              type="number"
              inputMode="decimal"
              min={1}
              step="any"
              setValueAs={optionalNumber}
            />
            <InputField
              form={formApi}
              name="responseRate"
              label="Response rate (%)"
              {...NUMBER_INPUTS.percent}
              setValueAs={optionalNumber}
            />
          </div>
          <SwitchControl
            form={formApi}
            name="hasCaptain"
            label="Captain included"
            hint="Captained, or bareboat when off"
          />
          <ListFieldControl form={formApi} name="rules" label="Rules & safety" />
          <PricingTiersEditor
            register={register}
            tiers={tiers}
            idPrefix={id('tier')}
            error={firstError(errors.pricingTiers)}
          />
        </>
      )}
      <ListFieldControl form={formApi} name="amenities" label="Amenities" />
      <SelectField
        form={formApi}
        name="cancellationPolicy"
        label="Cancellation policy"
        hint={describeCancellationPolicy(toCancellationPolicy(policy))}
      >
        {CANCELLATION_POLICIES.map((p) => (
          <option key={p} value={p}>
            {CANCELLATION_POLICY_LABELS[p]}
          </option>
        ))}
      </SelectField>
      <ImagesControl form={formApi} label={isYacht ? 'Yacht photos' : 'Venue photos'} max={MAX_VENUE_IMAGES} />
      {priceWarning ? (
        <div
          ref={warningRef}
          tabIndex={-1}
          role="alert"
          aria-labelledby={id('price-warning')}
          data-testid="tier-price-warning"
          className="flex flex-col gap-3 rounded-2xl border border-gold-400/60 bg-gold-400/10 p-4 text-sm text-gold-100 focus:outline-none focus-visible:outline-2 focus-visible:outline-gold-400"
        >
          <p id={id('price-warning')} className="font-semibold text-white">
            A longer trip would cost less than a shorter one
          </p>
          <ul className="list-disc pl-5">
            {priceWarning.drops.map((d) => (
              <li
                key={d.hours}
              >{`${d.hours} hours: ${tierMoney(d.price)}, less than ${d.shorterHours} hours: ${tierMoney(d.shorterPrice)}`}</li>
            ))}
          </ul>
          <p className="text-neutral-200">
            Members pay the price of the hours they book (a tier, else the hourly price), so they could book the longer
            trip for less. Save anyway if that is what you mean.
          </p>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="ghost" onClick={editTiers}>
              Edit Tiers
            </Button>
            <Button type="button" variant="secondary" disabled={pending} onClick={() => save(priceWarning.data)}>
              Save Anyway
            </Button>
          </div>
        </div>
      ) : null}
      <EditorActions onCancel={onDone} pending={pending} submitLabel={venue ? 'Save Changes' : 'Create Event'} />
    </form>
  );

  return (
    <section aria-labelledby={id('title')} className="flex flex-col gap-5">
      <h2
        id={id('title')}
        ref={heading}
        tabIndex={-1}
        className="font-display text-2xl font-semibold text-white focus:outline-none"
      >
        {venue ? `Edit ${venue.name}` : isYacht ? 'Add Yacht Event' : 'Add Club Event'}
      </h2>
      {isYacht ? (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
          <div className="rounded-3xl border border-white/10 bg-neutral-900/70 p-5">{form}</div>
          <div className="lg:sticky lg:top-24">
            <YachtPreview control={control} />
          </div>
        </div>
      ) : (
        <div className="rounded-3xl border border-white/10 bg-neutral-900/70 p-5">{form}</div>
      )}
    </section>
  );
}

/** '$2,500' or '$2,499.50'. */
function tierMoney(amount: number): string {
  return Number.isInteger(amount) ? formatWholeDollars(amount) : formatDollars(amount);
}

type TiersApi = {
  fields: { id: string }[];
  append: (v: { hours: number; price: number }) => void;
  remove: (i: number) => void;
};

/** Pricing tiers: hours (at least 1) and price (at least 0 in the form); a new tier's hours default to (count + 1) x 2. */
function PricingTiersEditor({
  register,
  tiers,
  idPrefix,
  error,
}: {
  register: ReturnType<typeof useForm<VenueInput, unknown, VenueDto>>['register'];
  tiers: TiersApi;
  idPrefix: string;
  error?: string;
}) {
  return (
    <fieldset className="flex flex-col gap-3" aria-describedby={error ? `${idPrefix}-error` : undefined}>
      <legend className="mb-2 text-sm font-medium text-neutral-200">Pricing tiers</legend>
      {tiers.fields.length === 0 ? (
        <p className="text-sm text-neutral-400">No tiers: the hourly price applies.</p>
      ) : null}
      <ul className="flex flex-col gap-3" aria-label="Pricing tiers">
        {tiers.fields.map((f, i) => (
          <li key={f.id} className="grid grid-cols-[1fr_1fr_auto] items-end gap-3">
            {(['hours', 'price'] as const).map((part) => (
              <div key={part}>
                <label htmlFor={`${idPrefix}-${i}-${part}`} className="mb-1 block text-xs font-medium text-neutral-300">
                  Tier {i + 1} {part === 'hours' ? 'hours' : 'price ($)'}
                </label>
                <Input
                  id={`${idPrefix}-${i}-${part}`}
                  {...NUMBER_INPUTS[part === 'hours' ? 'count' : 'money']}
                  {...register(`pricingTiers.${i}.${part}` as never, { setValueAs: requiredNumber })}
                />
              </div>
            ))}
            <Button
              type="button"
              variant="ghost"
              size="sm"
              className="text-red-300"
              onClick={() => tiers.remove(i)}
              aria-label={`Remove tier ${i + 1}`}
            >
              Remove
            </Button>
          </li>
        ))}
      </ul>
      <Button
        type="button"
        variant="secondary"
        size="sm"
        className="self-start"
        onClick={() => tiers.append({ hours: nextTierHours(tiers.fields), price: 0 })}
      >
        Add Tier
      </Button>
      {error ? (
        <p id={`${idPrefix}-error`} role="alert" className="text-sm text-red-400">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** The yacht's card as members will see it, updated as the owner types. */
function YachtPreview({ control }: { control: Control<VenueInput, unknown, VenueDto> }) {
  const v = useWatch({ control }) as Partial<VenueInput>;
  const price = typeof v.pricePerHour === 'number' && v.pricePerHour > 0 ? formatPricePerHour(v.pricePerHour) : '$—/hr';
  const image = v.images?.[0] ?? VENUE_PLACEHOLDERS.yacht;
  const tiers = (v.pricingTiers ?? []) as { hours?: number; price?: number }[];
  return (
    <aside aria-label="Live preview" className="overflow-hidden rounded-3xl border border-gold-400/30 bg-neutral-900">
      <img
        src={image}
        alt={v.name ? `${v.name} preview` : 'Yacht preview'}
        className="aspect-[4/3] w-full object-cover"
      />
      <div className="flex flex-col gap-2 p-5">
        <p className="text-xs font-semibold uppercase tracking-widest text-gold-300">Live preview</p>
        <h3 className="font-display text-xl font-semibold text-white" data-testid="preview-name">
          {v.name || 'Your yacht'}
        </h3>
        <p className="text-sm text-neutral-300">{v.city && v.state ? formatCity(v.city, v.state) : 'City, State'}</p>
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-neutral-200">
          <li>{v.yachtLength ? `${v.yachtLength} ft` : 'Length —'}</li>
          <li>{v.capacity ?? 1} guests</li>
          <li>{v.hasCaptain ? 'Captained' : 'Bareboat'}</li>
          {typeof v.responseRate === 'number' ? <li>{v.responseRate}% response rate</li> : null}
        </ul>
        <p className="text-lg font-semibold text-gold-200" data-testid="preview-price">
          {price}
        </p>
        {tiers.length > 0 ? (
          <ul className="text-sm text-neutral-300" aria-label="Preview pricing tiers">
            {tiers.map((t, i) => (
              <li key={i}>
                {Number.isFinite(t.hours) ? t.hours : '—'} hours:{' '}
                {Number.isFinite(t.price) ? `$${Number(t.price).toLocaleString('en-US')}` : '—'}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </aside>
  );
}
