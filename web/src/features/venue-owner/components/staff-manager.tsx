import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useForm, type Resolver } from 'react-hook-form';
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
import { toastFailure } from '../../../components/form/failure-toast';
import { Button } from '../../../components/ui/button';
import { ListSkeleton } from '../../../components/ui/list-skeleton';
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
import {
  ConfirmDelete,
  EditorForm,
  ImagesControl,
  InputField,
  ItemAction,
  ListFieldControl,
  StatusBadge,
  SwitchControl,
  TextareaField,
} from './fields';
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
      onError: (error) => toastFailure(error, words.deleteFailed),
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
                <ItemAction name={`View profile of ${m.name}`} onClick={() => setViewing(m)}>
                  View Profile
                </ItemAction>
                <ItemAction name={`Edit ${m.name}`} variant="secondary" onClick={() => setEditing({ member: m })}>
                  Edit
                </ItemAction>
                <ItemAction name={`Delete ${m.name}`} danger onClick={() => setToDelete(m)}>
                  Delete
                </ItemAction>
              </div>
            </li>
          ))}
        </ul>
      )}
      {viewing ? <StaffProfileDialog member={viewing} onClose={() => setViewing(null)} /> : null}
      {toDelete ? (
        <ConfirmDelete
          what={words.one.toLowerCase()}
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
  const form = useForm<DancerInput, unknown, DancerDto>({ resolver, defaultValues: toFormValues(member) });
  const { handleSubmit } = form;

  const onSubmit = (body: DancerDto) => {
    const done = (message: string) => () => {
      toast({ title: 'Success', description: message });
      onDone();
    };
    const failed = (fallback: string) => (error: unknown) => toastFailure(error, fallback);
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
  return (
    <EditorForm
      titleId={id('title')}
      title={member ? `Edit ${member.name}` : `New ${words.one}`}
      onSubmit={handleSubmit(onSubmit)}
      onCancel={onDone}
      pending={pending}
      submitLabel={member ? 'Save Changes' : `Add ${words.one}`}
    >
      <InputField form={form} name="name" label="Name" maxLength={TEXT_LIMITS.staffName} autoComplete="off" />
      <TextareaField form={form} name="description" label="Description" rows={3} />
      {kind === 'dancer' ? (
        <InputField
          form={form}
          name="priceModifier"
          label="Price modifier"
          hint="0.5 to 3.0; 1.00 is the section's own price"
          type="number"
          inputMode="decimal"
          min={PRICE_MODIFIER.min}
          max={PRICE_MODIFIER.max}
          step={PRICE_MODIFIER.step}
          setValueAs={requiredNumber}
        />
      ) : null}
      <ListFieldControl form={form} name="specialties" label="Specialties" separator="comma" />
      <div className="grid gap-3 sm:grid-cols-2">
        <SwitchControl form={form} name="isAvailable" label="Available" />
        <SwitchControl form={form} name="isActive" label="Active" />
      </div>
      <ImagesControl form={form} label={`${words.one} photos`} max={MAX_STAFF_IMAGES} />
    </EditorForm>
  );
}
