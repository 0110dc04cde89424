import { useState } from 'react';
import { type AdminVipRoom, type AssignmentStatus, formatCity } from '@luxe/contracts';
import { toastFailure } from '../../../components/form/failure-toast';
import { toast } from '../../../components/ui/toast';
import { formatPricePerHour } from '../../../lib/format';
import { useAdminVenues } from '../api/venues';
import { useAdminVipRooms, useRevokeAssignment } from '../api/vip-rooms';
import { AssignDancerDialog } from './assign-dancer-dialog';
import {
  Badge,
  FilterSelect,
  ListControls,
  PagedDataList,
  RowAction,
  SearchField,
  useSearchedPage,
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
  const [venueId, setVenueId] = useState('');
  const { term, paging, searchField } = useSearchedPage(venueId);
  const rooms = useAdminVipRooms({ search: term, venueId: venueId || undefined, page: paging.page });
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
      onError: (error) => toastFailure(error, 'Failed to revoke assignment'),
    });
  };

  return (
    <div className="flex flex-col gap-6">
      <ListControls>
        <SearchField id="vip-search" label="Search VIP rooms" placeholder="Room or venue" {...searchField} />
        <FilterSelect id="vip-venue" label="Venue" value={venueId} options={venueOptions} onChange={setVenueId} />
      </ListControls>
      <PagedDataList
        query={rooms}
        rows={(p) => p.vipRooms}
        noun="VIP rooms"
        errorDetail="Unable to fetch VIP room data"
        emptyTitle="No VIP rooms found"
        paging={paging}
        label="VIP rooms"
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
            <RowAction name={`Assign dancer to ${r.name}`} onClick={() => setAssigning(r)}>
              Assign Dancer
            </RowAction>
            {r.assignment ? (
              <RowAction
                name={`Revoke ${r.assignment.dancerName} from ${r.name}`}
                variant="destructive"
                pending={revoke.isPending && revoke.variables === r.assignment.id}
                onClick={() => onRevoke(r)}
              >
                Revoke
              </RowAction>
            ) : null}
          </>
        )}
      />
      {assigning ? <AssignDancerDialog room={assigning} onClose={() => setAssigning(null)} /> : null}
    </div>
  );
}
