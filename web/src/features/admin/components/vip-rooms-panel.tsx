import { useState } from 'react';
import { type AdminVipRoom, type AssignmentStatus, formatCity } from '@luxe/contracts';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { serverMessage } from '../../../lib/api-client';
import { formatPricePerHour } from '../../../lib/format';
import { useAdminVenues } from '../api/venues';
import { useAdminVipRooms, useRevokeAssignment } from '../api/vip-rooms';
import { AssignDancerDialog } from './assign-dancer-dialog';
import {
  Badge,
  DataList,
  FilterSelect,
  ListControls,
  PagedList,
  SearchField,
  SEARCH_DEBOUNCE_MS,
  useDebouncedValue,
  usePage,
  type Option,
} from './list-parts';

const ASSIGNMENT_LABELS: Record<AssignmentStatus, string> = {
  proposed: 'Proposed',
  accepted: 'Accepted',
  declined: 'Declined',
  revoked: 'Revoked',
};

/** How many venues the venue filter offers (the contract's largest page). */
const VENUE_OPTIONS_PAGE_SIZE = 100;

/** VIP Rooms tab: each room with its venue and current dancer; assign a dancer of the same venue, or revoke. */
export function VipRoomsPanel() {
  const [search, setSearch] = useState('');
  const [venueId, setVenueId] = useState('');
  const term = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [page, setPage] = usePage(JSON.stringify([term, venueId]));
  const rooms = useAdminVipRooms({ search: term || undefined, venueId: venueId || undefined, page });
  const venues = useAdminVenues({ pageSize: VENUE_OPTIONS_PAGE_SIZE });
  const revoke = useRevokeAssignment();
  const [assigning, setAssigning] = useState<AdminVipRoom | null>(null);

  const venueOptions: Option<string>[] = [
    { value: '', label: 'All venues' },
    ...(venues.data?.venues ?? []).map((v) => ({ value: v.id, label: `${v.name} (${formatCity(v.city, v.state)})` })),
  ];

  const onRevoke = (room: AdminVipRoom) => {
    if (!room.assignment) return;
    revoke.mutate(room.assignment.id, {
      onSuccess: (result) =>
        toast({ title: result.message, description: `${result.assignment.dancerName} · ${room.name}` }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Error',
          description: serverMessage(error, 'Failed to revoke assignment'),
        }),
    });
  };

  return (
    <div className="flex flex-col gap-6">
      <ListControls>
        <SearchField
          id="vip-search"
          label="Search VIP rooms"
          placeholder="Room or venue"
          value={search}
          onChange={setSearch}
        />
        <FilterSelect id="vip-venue" label="Venue" value={venueId} options={venueOptions} onChange={setVenueId} />
      </ListControls>
      <PagedList
        query={rooms}
        rows={(p) => p.vipRooms}
        noun="VIP rooms"
        errorDetail="Unable to fetch VIP room data"
        emptyTitle="No VIP rooms found"
        page={page}
        onPage={setPage}
      >
        {(items) => (
          <DataList
            label="VIP rooms"
            items={items}
            rowKey={(r) => r.id}
            rowLabel={(r) => `${r.name}, ${r.venue.name}`}
            template="minmax(0,1.1fr) minmax(0,1.2fr) minmax(0,0.9fr) minmax(0,1.3fr)"
            columns={[
              {
                label: 'Room',
                render: (r) => (
                  <span className="flex flex-col">
                    <span className="font-semibold">{r.name}</span>
                    <span className="text-xs text-neutral-400">{r.type}</span>
                  </span>
                ),
              },
              { label: 'Venue', render: (r) => `${r.venue.name} · ${formatCity(r.venue.city, r.venue.state)}` },
              { label: 'Price', render: (r) => `${formatPricePerHour(r.pricePerHour)} · ${r.capacity} guests` },
              {
                label: 'Current dancer',
                render: (r) =>
                  r.assignment ? (
                    <span className="inline-flex flex-wrap items-center justify-end gap-2 md:justify-start">
                      <span>{r.assignment.dancerName}</span>
                      <Badge tone={r.assignment.status === 'accepted' ? 'good' : 'warn'}>
                        {ASSIGNMENT_LABELS[r.assignment.status]}
                      </Badge>
                    </span>
                  ) : (
                    <span className="text-neutral-400">None assigned</span>
                  ),
              },
            ]}
            actionsWidth="lg"
            actions={(r) => (
              <>
                <Button
                  type="button"
                  size="sm"
                  aria-label={`Assign dancer to ${r.name}`}
                  onClick={() => setAssigning(r)}
                >
                  Assign Dancer
                </Button>
                {r.assignment ? (
                  <Button
                    type="button"
                    variant="destructive"
                    size="sm"
                    aria-label={`Revoke ${r.assignment.dancerName} from ${r.name}`}
                    disabled={revoke.isPending && revoke.variables === r.assignment.id}
                    onClick={() => onRevoke(r)}
                  >
                    Revoke
                  </Button>
                ) : null}
              </>
            )}
          />
        )}
      </PagedList>
      {assigning ? <AssignDancerDialog room={assigning} onClose={() => setAssigning(null)} /> : null}
    </div>
  );
}
