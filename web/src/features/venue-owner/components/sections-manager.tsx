import { useEffect, useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  sectionInputSchema,
  TEXT_LIMITS,
  UNLIMITED_BOOKINGS,
  type Section,
  type SectionDto,
  type SectionInput,
  type Venue,
} from '@luxe/contracts';
import { toastFailure } from '../../../components/form/failure-toast';
import { Button } from '../../../components/ui/button';
import { Switch } from '../../../components/ui/switch';
import { toast } from '../../../components/ui/toast';
import { serverMessage } from '../../../lib/api-client';
import { focusByIdSoon } from '../../../lib/focus';
import { useCreateSection, useDeleteSection, useSections, useUpdateSection } from '../api/sections';
import { optionalNumber, requiredNumber, toggleExclusive, toggleVipRoom } from '../rules';
import { BackHeader } from './back-header';
import {
  ConfirmDelete,
  EditorForm,
  ImagesControl,
  InputField,
  ItemAction,
  ListFieldControl,
  CAPACITY,
  NUMBER_INPUTS,
  PRICE_PER_HOUR,
  StatusBadge,
  SwitchControl,
  TextareaField,
} from './fields';
import { ListSkeleton } from '../../../components/ui/list-skeleton';

const MAX_SECTION_IMAGES = 5;

type Editing = { mode: 'create'; vip: boolean } | { mode: 'edit'; section: Section } | null;

/** Manage Sections of one venue (docs/product.md#venues-sections): list, create, edit, delete; Create VIP Room for strip clubs. */
export function SectionsManager({ venue, onBack }: { venue: Venue; onBack: () => void }) {
  const headingId = useId();
  const sections = useSections(venue.id);
  const remove = useDeleteSection(venue.id);
  const [editing, setEditing] = useState<Editing>(null);
  const [toDelete, setToDelete] = useState<Section | null>(null);
  const isStripClub = venue.subtype === 'strip_club';
  // The buttons that open the form go away with it (or lose the focus to it), and a deleted
  // section's Delete with its row: the focus comes back to the button that opened the form, and
  // to Add Section after a delete, never to the page (WCAG 2.4.3).
  const addId = `${headingId}-add`;
  const addVipId = `${headingId}-add-vip`;
  const editId = (s: Section) => `${headingId}-edit-${s.id}`;
  const closeForm = () => {
    const opener = editing?.mode === 'edit' ? editId(editing.section) : editing?.vip ? addVipId : addId;
    setEditing(null);
    focusByIdSoon(opener);
  };

  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete.id, {
      onSuccess: () => {
        toast({ title: 'Success', description: 'Section deleted' });
        focusByIdSoon(addId);
      },
      onError: (error) => toastFailure(error, 'Failed to delete section'),
      onSettled: () => setToDelete(null),
    });
  };

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-5">
      <BackHeader
        id={headingId}
        title={`Sections of ${venue.name}`}
        subtitle={`Venue price ${venue.formattedPrice}`}
        onBack={onBack}
      />
      {editing ? (
        <SectionForm
          venue={venue}
          section={editing.mode === 'edit' ? editing.section : undefined}
          vip={editing.mode === 'create' && editing.vip}
          onDone={closeForm}
        />
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button id={addId} type="button" size="sm" onClick={() => setEditing({ mode: 'create', vip: false })}>
            Add Section
          </Button>
          {isStripClub ? (
            <Button
              id={addVipId}
              type="button"
              size="sm"
              variant="secondary"
              onClick={() => setEditing({ mode: 'create', vip: true })}
            >
              Create VIP Room
            </Button>
          ) : null}
        </div>
      )}

      {sections.isPending ? (
        <ListSkeleton label="Loading sections..." rows={2} />
      ) : sections.isError ? (
        <p role="alert" className="text-red-300">
          {serverMessage(sections.error, 'Could not load the sections.')}
        </p>
      ) : sections.data.length === 0 ? (
        <p className="rounded-3xl border border-white/10 bg-neutral-900/70 p-6 text-center text-neutral-300">
          No sections yet.
        </p>
      ) : (
        <ul className="flex flex-col gap-3" aria-label="Sections">
          {sections.data.map((s) => (
            <li
              key={s.id}
              className="flex flex-col gap-3 rounded-3xl border border-white/10 bg-neutral-900/70 p-4 sm:flex-row sm:items-center"
            >
              <img src={s.imageUrl} alt={s.name} className="aspect-video w-full rounded-2xl object-cover sm:w-28" />
              <div className="flex min-w-0 flex-1 flex-col gap-1">
                <div className="flex flex-wrap items-center gap-2">
                  <h3 className="font-semibold text-white">{s.name}</h3>
                  <StatusBadge tone="gold">{s.premiumLabel}</StatusBadge>
                  {s.isVipRoom ? <StatusBadge tone="gold">VIP Room</StatusBadge> : null}
                  {s.isExclusive ? <StatusBadge tone="neutral">Exclusive</StatusBadge> : null}
                  {!s.isActive ? <StatusBadge tone="red">Inactive</StatusBadge> : null}
                </div>
                <p className="text-sm text-neutral-300">
                  {s.type} · {s.capacity} guests · ${Number(s.pricePerHour).toLocaleString('en-US')}/hr ·{' '}
                  {s.maxSimultaneousBookings >= UNLIMITED_BOOKINGS
                    ? 'Unlimited bookings'
                    : `${s.maxSimultaneousBookings} booking${s.maxSimultaneousBookings === 1 ? '' : 's'} at a time`}
                </p>
                <p className="text-sm text-neutral-300" data-testid="section-deposit-terms">
                  {s.minimumSpend != null
                    ? `Minimum spend $${Number(s.minimumSpend).toLocaleString('en-US', { maximumFractionDigits: 2 })}`
                    : 'No minimum spend'}{' '}
                  · {s.depositPercent > 0 ? `${s.depositPercent}% deposit when booking` : 'No deposit'}
                </p>
              </div>
              <div className="flex gap-2">
                <ItemAction
                  id={editId(s)}
                  name={`Edit ${s.name}`}
                  variant="secondary"
                  onClick={() => setEditing({ mode: 'edit', section: s })}
                >
                  Edit
                </ItemAction>
                <ItemAction name={`Delete ${s.name}`} danger onClick={() => setToDelete(s)}>
                  Delete
                </ItemAction>
              </div>
            </li>
          ))}
        </ul>
      )}

      {toDelete ? (
        <ConfirmDelete
          what="section"
          pending={remove.isPending}
          onConfirm={confirmDelete}
          onCancel={() => setToDelete(null)}
        />
      ) : null}
    </section>
  );
}

function toFormValues(section: Section | undefined, vip: boolean): SectionInput {
  if (section) {
    return {
      name: section.name,
      type: section.type,
      description: section.description,
      images: section.images,
      capacity: section.capacity,
      pricePerHour: Number(section.pricePerHour),
      amenities: section.amenities,
      isVipRoom: section.isVipRoom,
      isExclusive: section.isExclusive,
      maxSimultaneousBookings: section.maxSimultaneousBookings,
      isActive: section.isActive,
      minimumSpend: section.minimumSpend == null ? null : Number(section.minimumSpend),
      depositPercent: section.depositPercent,
    };
  }
  const base: SectionInput = {
    name: '',
    type: vip ? 'VIP Room' : '',
    description: '',
    images: [],
    capacity: 1,
    pricePerHour: Number.NaN,
    amenities: [],
    isVipRoom: false,
    isExclusive: false,
    maxSimultaneousBookings: UNLIMITED_BOOKINGS,
    isActive: true,
    minimumSpend: null,
    depositPercent: 0,
  };
  return vip
    ? {
        ...base,
        ...toggleVipRoom({ isVipRoom: false, isExclusive: false, maxSimultaneousBookings: UNLIMITED_BOOKINGS }, true),
      }
    : base;
}

function SectionForm({
  venue,
  section,
  vip,
  onDone,
}: {
  venue: Venue;
  section?: Section;
  vip: boolean;
  onDone: () => void;
}) {
  const uid = useId();
  const id = (n: string) => `${uid}-${n}`;
  const create = useCreateSection(venue.id);
  const update = useUpdateSection(venue.id);
  const pending = create.isPending || update.isPending;
  const isStripClub = venue.subtype === 'strip_club';
  const form = useForm<SectionInput, unknown, SectionDto>({
    resolver: zodResolver(sectionInputSchema),
    defaultValues: toFormValues(section, vip),
  });
  const { control, handleSubmit, setValue, getValues, setFocus } = form;
  // The button that opened the form is gone or behind it: the focus starts in its first field.
  useEffect(() => setFocus('name'), [setFocus]);
  const isVipRoom = useWatch({ control, name: 'isVipRoom' });
  const isExclusive = useWatch({ control, name: 'isExclusive' });

  const applyToggles = (next: {
    isVipRoom: boolean;
    isExclusive: boolean;
    maxSimultaneousBookings: number | undefined;
  }) => {
    setValue('isVipRoom', next.isVipRoom);
    setValue('isExclusive', next.isExclusive);
    setValue('maxSimultaneousBookings', next.maxSimultaneousBookings, { shouldValidate: false });
  };
  const current = () => {
    const v = getValues();
    return {
      isVipRoom: !!v.isVipRoom,
      isExclusive: !!v.isExclusive,
      maxSimultaneousBookings: v.maxSimultaneousBookings,
    };
  };

  const onSubmit = (body: SectionDto) => {
    const failed = (fallback: string) => (error: unknown) => toastFailure(error, fallback);
    if (section) {
      update.mutate(
        { id: section.id, body },
        {
          onSuccess: () => {
            toast({ title: 'Success', description: 'Section updated' });
            onDone();
          },
          onError: failed('Failed to update section'),
        },
      );
    } else {
      create.mutate(body, {
        onSuccess: () => {
          toast({ title: 'Success', description: body.isVipRoom ? 'VIP room created' : 'Section created' });
          onDone();
        },
        onError: failed('Failed to create section'),
      });
    }
  };
  const title = section ? `Edit ${section.name}` : vip ? 'New VIP Room' : 'New Section';

  return (
    <EditorForm
      titleId={id('title')}
      title={title}
      onSubmit={handleSubmit(onSubmit)}
      onCancel={onDone}
      pending={pending}
      submitLabel={section ? 'Save Section' : vip ? 'Create VIP Room' : 'Create Section'}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <InputField
          form={form}
          name="name"
          label="Section name"
          maxLength={TEXT_LIMITS.sectionName}
          autoComplete="off"
        />
        <InputField
          form={form}
          name="type"
          label="Section type"
          maxLength={TEXT_LIMITS.sectionType}
          placeholder="Booth, Table, Balcony..."
        />
      </div>
      <TextareaField form={form} name="description" label="Description" rows={3} />
      <div className="grid gap-5 sm:grid-cols-3">
        <InputField form={form} name="capacity" label="Capacity" {...CAPACITY} />
        <InputField form={form} name="pricePerHour" {...PRICE_PER_HOUR} />
        <InputField
          form={form}
          name="maxSimultaneousBookings"
          label="Max simultaneous bookings"
          hint={isExclusive ? 'Exclusive: one booking at a time' : '999 means unlimited'}
          {...NUMBER_INPUTS.count}
          max={UNLIMITED_BOOKINGS}
          readOnly={!!isExclusive}
          aria-readonly={isExclusive ? true : undefined}
          className={isExclusive ? 'opacity-70' : undefined}
          setValueAs={requiredNumber}
        />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <InputField
          form={form}
          name="minimumSpend"
          label="Minimum spend ($)"
          hint="Optional: a booking costs at least this much"
          {...NUMBER_INPUTS.money}
          setValueAs={optionalNumber}
        />
        <InputField
          form={form}
          name="depositPercent"
          label="Deposit (%)"
          hint="Paid by card when booking; 0 means none, the rest is paid at the venue"
          {...NUMBER_INPUTS.percent}
          setValueAs={optionalNumber}
        />
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        {isStripClub || isVipRoom ? (
          <Switch
            id={id('vip')}
            label="VIP Room"
            hint="Strip clubs only; always exclusive"
            checked={!!isVipRoom}
            onChange={(on) => applyToggles(toggleVipRoom(current(), on))}
          />
        ) : null}
        <Switch
          id={id('exclusive')}
          label="Exclusive"
          hint={isVipRoom ? 'VIP rooms are exclusive' : 'One booking at a time'}
          checked={!!isExclusive}
          disabled={!!isVipRoom}
          onChange={(on) => applyToggles(toggleExclusive(current(), on))}
        />
        <SwitchControl form={form} name="isActive" label="Active" hint="Shown to members" />
      </div>
      <ListFieldControl form={form} name="amenities" label="Amenities" />
      <ImagesControl form={form} label="Section photos" max={MAX_SECTION_IMAGES} />
    </EditorForm>
  );
}
