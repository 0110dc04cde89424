import { useEffect, useRef, useState } from 'react';
import { formatCity, type Venue } from '@luxe/contracts';
import { toastFailure } from '../../../components/form/failure-toast';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { useDeleteVenue, useMyVenues } from '../api/venues';
import { APPROVAL_LABELS, SUBTYPE_LABELS } from '../rules';
import { ConfirmDelete, ItemAction, StatusBadge } from './fields';
import { SectionsManager } from './sections-manager';
import { StaffManager } from './staff-manager';
import { VenueForm } from './venue-form';
import { QueryState, serverErrorText } from '../../../components/query-state';

type View =
  | { kind: 'list' }
  | { kind: 'create'; type: 'club' | 'yacht' }
  | { kind: 'edit'; venue: Venue }
  | { kind: 'sections'; venue: Venue }
  | { kind: 'dancers'; venue: Venue }
  | { kind: 'bartenders'; venue: Venue };

/**
 * My Events (docs/product.md#venues-dashboard): the owner's venues with their approval status; add,
 * edit and delete (after a confirmation); per venue, its sections, dancers and bartenders.
 */
export function MyEvents() {
  const [view, setView] = useState<View>({ kind: 'list' });
  const [returned, setReturned] = useState(false);
  const back = () => {
    setReturned(true);
    setView({ kind: 'list' });
  };

  switch (view.kind) {
    case 'create':
      return <VenueForm initialType={view.type} onDone={back} />;
    case 'edit':
      return <VenueForm venue={view.venue} onDone={back} />;
    case 'sections':
      return <SectionsManager venue={view.venue} onBack={back} />;
    case 'dancers':
      return <StaffManager kind="dancer" venue={view.venue} onBack={back} />;
    case 'bartenders':
      return <StaffManager kind="bartender" venue={view.venue} onBack={back} />;
    default:
      return <VenueList onOpen={setView} focusHeading={returned} />;
  }
}

function VenueList({ onOpen, focusHeading }: { onOpen: (view: View) => void; focusHeading: boolean }) {
  const venues = useMyVenues();
  const remove = useDeleteVenue();
  const [toDelete, setToDelete] = useState<Venue | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    // Back from a form or manager: the list's heading takes the focus (not on first load).
    if (focusHeading) heading.current?.focus();
  }, [focusHeading]);

  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete.id, {
      onSuccess: () => {
        toast({ title: 'Success', description: 'Venue deleted' });
        setToDelete(null);
      },
      onError: (error) => {
        toastFailure(error, 'Failed to delete venue');
        setToDelete(null);
      },
    });
  };

  return (
    <section aria-labelledby="my-venues-heading" className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2
          id="my-venues-heading"
          ref={heading}
          tabIndex={-1}
          className="text-lg font-semibold text-white focus:outline-none"
        >
          Your venues
        </h2>
        <div className="flex gap-2">
          <Button type="button" size="sm" onClick={() => onOpen({ kind: 'create', type: 'club' })}>
            Add Event
          </Button>
          <Button type="button" size="sm" variant="secondary" onClick={() => onOpen({ kind: 'create', type: 'yacht' })}>
            Add Yacht
          </Button>
        </div>
      </div>

      <QueryState
        query={venues}
        loadingLabel="Loading your venues..."
        variant="card"
        rows={2}
        errorText={serverErrorText('Could not load your venues.')}
        errorLook="danger"
        isEmpty={(data) => data.length === 0}
        empty={
          <div className="rounded-3xl border border-white/10 bg-neutral-900/70 p-6 text-center">
            <p className="font-semibold text-white">No events yet</p>
            <p className="mt-1 text-sm text-neutral-300">
              Add your first club or yacht; it is listed once an administrator approves it.
            </p>
          </div>
        }
      >
        {(data) => (
          <ul className="flex flex-col gap-4" aria-label="Your venues">
            {data.map((v) => (
              <VenueCard key={v.id} venue={v} onOpen={onOpen} onDelete={() => setToDelete(v)} />
            ))}
          </ul>
        )}
      </QueryState>

      {toDelete ? (
        <ConfirmDelete
          what="venue"
          pending={remove.isPending}
          onConfirm={confirmDelete}
          onCancel={() => setToDelete(null)}
        />
      ) : null}
    </section>
  );
}

const APPROVAL_TONES = { pending: 'gold', approved: 'green', rejected: 'red' } as const;

function VenueCard({ venue, onOpen, onDelete }: { venue: Venue; onOpen: (view: View) => void; onDelete: () => void }) {
  const kind = venue.type === 'yacht' ? 'Yacht' : `Club${venue.subtype ? ` · ${SUBTYPE_LABELS[venue.subtype]}` : ''}`;
  const isClub = venue.type === 'club';
  return (
    <li
      className="overflow-hidden rounded-3xl border border-white/10 bg-neutral-900/70"
      aria-labelledby={`venue-${venue.id}`}
      data-testid="venue-card"
    >
      <div className="flex flex-col sm:flex-row">
        <img
          src={venue.imageUrl}
          alt={venue.name}
          className="aspect-[16/9] w-full object-cover sm:aspect-square sm:w-40"
        />
        <div className="flex min-w-0 flex-1 flex-col gap-2 p-5">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <h3 id={`venue-${venue.id}`} className="text-lg font-semibold text-white">
              {venue.name}
            </h3>
            <StatusBadge tone={APPROVAL_TONES[venue.approvalStatus]}>
              {APPROVAL_LABELS[venue.approvalStatus]}
            </StatusBadge>
          </div>
          <p className="text-sm text-neutral-300">
            {kind} · {formatCity(venue.city, venue.state)}
          </p>
          <p className="font-semibold text-gold-200">{venue.formattedPrice}</p>
          <div className="mt-2 flex flex-wrap gap-2">
            <ItemAction name={`Edit ${venue.name}`} variant="secondary" onClick={() => onOpen({ kind: 'edit', venue })}>
              Edit
            </ItemAction>
            {isClub ? (
              <>
                <ItemAction
                  name={`Manage sections of ${venue.name}`}
                  onClick={() => onOpen({ kind: 'sections', venue })}
                >
                  Manage Sections
                </ItemAction>
                <ItemAction name={`Dancers of ${venue.name}`} onClick={() => onOpen({ kind: 'dancers', venue })}>
                  Dancers
                </ItemAction>
              </>
            ) : null}
            <ItemAction name={`Bartenders of ${venue.name}`} onClick={() => onOpen({ kind: 'bartenders', venue })}>
              Bartenders
            </ItemAction>
            <ItemAction name={`Delete ${venue.name}`} danger onClick={onDelete}>
              Delete
            </ItemAction>
          </div>
        </div>
      </div>
    </li>
  );
}
