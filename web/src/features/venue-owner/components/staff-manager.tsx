import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  bartenderInputSchema,
  dancerInputSchema,
  PRICE_MODIFIER,
  TEXT_LIMITS,
  type Bartender,
  type Dancer,
  type DancerDto,
  type DancerInput,
  type Venue,
} from '@luxe/contracts';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { ListSkeleton } from '../../../components/ui/list-skeleton';
import { Textarea } from '../../../components/ui/select';
import { Switch } from '../../../components/ui/switch';
import { toast } from '../../../components/ui/toast';
import { serverMessage } from '../../../lib/api-client';
import {
  getBartendersQueryOptions,
  getDancersQueryOptions,
  useCreateBartender,
  useCreateDancer,
  useDeleteBartender,
  useDeleteDancer,
  useUpdateBartender,
  useUpdateDancer,
} from '../api/staff';
import { requiredNumber } from '../rules';
import { BackHeader } from './back-header';
import { Field, fieldA11y, firstError, ListField, StatusBadge } from './fields';
import { ImageUploader } from './image-uploader';
import { StaffProfileDialog } from './staff-profile-dialog';

type Kind = 'dancer' | 'bartender';
type Member = Dancer | Bartender;
const MAX_STAFF_IMAGES = 5;

const WORDS = {
  dancer: {
    plural: 'Dancers',
    one: 'Dancer',
    addFailed: 'Failed to add dancer',
    updateFailed: 'Failed to update dancer',
    deleteFailed: 'Failed to delete dancer',
  },
  bartender: {
    plural: 'Bartenders',
    one: 'Bartender',
    addFailed: 'Failed to add bartender',
    updateFailed: 'Failed to update bartender',
    deleteFailed: 'Failed to delete bartender',
  },
} as const;

/** Dancers or bartenders of one venue (docs/product.md#venues-staff): list, add, edit, delete, and a profile viewer. */
export function StaffManager({ kind, venue, onBack }: { kind: Kind; venue: Venue; onBack: () => void }) {
  const headingId = useId();
  const words = WORDS[kind];
  const dancers = useQuery({ ...getDancersQueryOptions(venue.id), enabled: kind === 'dancer' });
  const bartenders = useQuery({ ...getBartendersQueryOptions(venue.id), enabled: kind === 'bartender' });
  const list = kind === 'dancer' ? dancers : bartenders;
  const deleteDancer = useDeleteDancer(venue.id);
  const deleteBartender = useDeleteBartender(venue.id);
  const remove = kind === 'dancer' ? deleteDancer : deleteBartender;
  const [editing, setEditing] = useState<{ member?: Member } | null>(null);
  const [viewing, setViewing] = useState<Member | null>(null);
  const [toDelete, setToDelete] = useState<Member | null>(null);

  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete.id, {
      onSuccess: () => toast({ title: 'Success', description: `${words.one} removed` }),
      onError: (error) =>
        toast({ variant: 'destructive', title: 'Error', description: serverMessage(error, words.deleteFailed) }),
      onSettled: () => setToDelete(null),
    });
  };

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-5">
      <BackHeader id={headingId} title={`${words.plural} of ${venue.name}`} onBack={onBack} />
      {editing ? (
        <StaffForm kind={kind} venueId={venue.id} member={editing.member} onDone={() => setEditing(null)} />
      ) : (
        <Button type="button" size="sm" className="self-start" onClick={() => setEditing({})}>
          Add {words.one}
        </Button>
      )}
      {list.isPending ? (
        <ListSkeleton label={`Loading ${words.plural.toLowerCase()}...`} rows={2} />
      ) : list.isError ? (
        <p role="alert" className="text-red-300">
          {serverMessage(list.error, `Could not load the ${words.plural.toLowerCase()}.`)}
        </p>
      ) : list.data.length === 0 ? (
        <p className="rounded-3xl border border-white/10 bg-neutral-900/70 p-6 text-center text-neutral-300">
          No {words.plural.toLowerCase()} yet.
        </p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2" aria-label={words.plural}>
          {list.data.map((m) => (
            <li key={m.id} className="flex flex-col gap-3 rounded-3xl border border-white/10 bg-neutral-900/70 p-4">
              <div className="flex items-center gap-3">
                <img src={m.imageUrl} alt={m.name} className="h-16 w-16 rounded-2xl object-cover" />
                <div className="min-w-0">
                  <h3 className="truncate font-semibold text-white">{m.name}</h3>
                  <div className="mt-1 flex flex-wrap gap-2">
                    <StatusBadge tone={m.isAvailable ? 'green' : 'neutral'}>
                      {m.isAvailable ? 'Available' : 'Unavailable'}
                    </StatusBadge>
                    {priceModifierOf(m) ? <StatusBadge tone="gold">×{priceModifierOf(m)}</StatusBadge> : null}
                  </div>
                </div>
              </div>
              <div className="flex flex-wrap gap-2">
                <Button
                  type="button"
                  size="sm"
                  variant="ghost"
                  onClick={() => setViewing(m)}
                  aria-label={`View profile of ${m.name}`}
                >
                  View Profile
                </Button>
                <Button
                  type="button"
                  size="sm"
                  variant="secondary"
                  onClick={() => setEditing({ member: m })}
                  aria-label={`Edit ${m.name}`}
                >
                  Edit
                </Button>
                <Button
                  type="button"
                  size="sm"
                  variant="ghost"
                  className="text-red-300 hover:text-red-200"
                  onClick={() => setToDelete(m)}
                  aria-label={`Delete ${m.name}`}
                >
                  Delete
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {viewing ? <StaffProfileDialog member={viewing} onClose={() => setViewing(null)} /> : null}
      {toDelete ? (
        <ConfirmDialog
          title={`Delete ${words.one.toLowerCase()}`}
          message={`Are you sure you want to delete this ${words.one.toLowerCase()}?`}
          confirmLabel="Delete"
          pending={remove.isPending}
          onConfirm={confirmDelete}
          onCancel={() => setToDelete(null)}
        />
      ) : null}
    </section>
  );
}

/** A dancer's price modifier as the server wrote it ('1.25'); null for a bartender. */
export function priceModifierOf(m: Member): string | null {
  return 'priceModifier' in m && typeof m.priceModifier === 'string' ? m.priceModifier : null;
}

function toFormValues(member: Member | undefined): DancerInput {
  return {
    name: member?.name ?? '',
    description: member?.description ?? '',
    images: member?.images ?? [],
    specialties: member?.specialties ?? [],
    isAvailable: member?.isAvailable ?? true,
    isActive: member?.isActive ?? true,
    priceModifier: member && 'priceModifier' in member ? Number(member.priceModifier) : PRICE_MODIFIER.default,
  };
}

function StaffForm({
  kind,
  venueId,
  member,
  onDone,
}: {
  kind: Kind;
  venueId: string;
  member?: Member;
  onDone: () => void;
}) {
  const uid = useId();
  const id = (n: string) => `${uid}-${n}`;
  const words = WORDS[kind];
  const createDancer = useCreateDancer(venueId);
  const createBartender = useCreateBartender(venueId);
  const updateDancer = useUpdateDancer(venueId);
  const updateBartender = useUpdateBartender(venueId);
  const pending =
    createDancer.isPending || createBartender.isPending || updateDancer.isPending || updateBartender.isPending;
  const resolver = (kind === 'dancer'
    ? zodResolver(dancerInputSchema)
    : zodResolver(bartenderInputSchema)) as unknown as Resolver<DancerInput, unknown, DancerDto>;
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<DancerInput, unknown, DancerDto>({ resolver, defaultValues: toFormValues(member) });

  const onSubmit = (body: DancerDto) => {
    const done = (message: string) => () => {
      toast({ title: 'Success', description: message });
      onDone();
    };
    const failed = (fallback: string) => (error: unknown) =>
      toast({ variant: 'destructive', title: 'Error', description: serverMessage(error, fallback) });
    if (kind === 'dancer') {
      if (member)
        updateDancer.mutate(
          { id: member.id, body },
          { onSuccess: done('Dancer updated'), onError: failed(words.updateFailed) },
        );
      else createDancer.mutate(body, { onSuccess: done('Dancer added'), onError: failed(words.addFailed) });
    } else {
      const { priceModifier: _ignored, ...bartender } = body;
      if (member)
        updateBartender.mutate(
          { id: member.id, body: bartender },
          { onSuccess: done('Bartender updated'), onError: failed(words.updateFailed) },
        );
      else createBartender.mutate(bartender, { onSuccess: done('Bartender added'), onError: failed(words.addFailed) });
    }
  };
  const err = (n: keyof DancerInput) => firstError(errors[n]);

  return (
    <form
      noValidate
      onSubmit={handleSubmit(onSubmit)}
      aria-labelledby={id('title')}
      className="flex flex-col gap-5 rounded-3xl border border-gold-400/30 bg-neutral-900/70 p-5"
    >
      <h3 id={id('title')} className="text-lg font-semibold text-white">
        {member ? `Edit ${member.name}` : `New ${words.one}`}
      </h3>
      <Field id={id('name')} label="Name" error={err('name')}>
        <Input
          {...fieldA11y(id('name'), err('name'))}
          {...register('name')}
          maxLength={TEXT_LIMITS.staffName}
          autoComplete="off"
        />
      </Field>
      <Field id={id('description')} label="Description" error={err('description')}>
        <Textarea {...fieldA11y(id('description'), err('description'))} {...register('description')} rows={3} />
      </Field>
      {kind === 'dancer' ? (
        <Field
          id={id('modifier')}
          label="Price modifier"
          error={err('priceModifier')}
          hint="0.5 to 3.0; 1.00 is the section's own price"
        >
          <Input
            {...fieldA11y(id('modifier'), err('priceModifier'), true)}
            type="number"
            inputMode="decimal"
            min={PRICE_MODIFIER.min}
            max={PRICE_MODIFIER.max}
            step={PRICE_MODIFIER.step}
            {...register('priceModifier', { setValueAs: requiredNumber })}
          />
        </Field>
      ) : null}
      <Controller
        control={control}
        name="specialties"
        render={({ field }) => (
          <ListField
            id={id('specialties')}
            label="Specialties"
            separator="comma"
            value={field.value ?? []}
            onChange={field.onChange}
            error={firstError(errors.specialties)}
          />
        )}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <Controller
          control={control}
          name="isAvailable"
          render={({ field }) => (
            <Switch id={id('available')} label="Available" checked={!!field.value} onChange={field.onChange} />
          )}
        />
        <Controller
          control={control}
          name="isActive"
          render={({ field }) => (
            <Switch id={id('active')} label="Active" checked={!!field.value} onChange={field.onChange} />
          )}
        />
      </div>
      <Controller
        control={control}
        name="images"
        render={({ field }) => (
          <ImageUploader
            label={`${words.one} photos`}
            images={field.value ?? []}
            onChange={field.onChange}
            max={MAX_STAFF_IMAGES}
          />
        )}
      />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button type="button" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving...' : member ? 'Save Changes' : `Add ${words.one}`}
        </Button>
      </div>
    </form>
  );
}
