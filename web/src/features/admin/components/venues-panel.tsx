import { useState } from 'react';
import { ADMIN_MESSAGES, type AdminVenue, APPROVAL_STATUSES, formatCity } from '@luxe/contracts';
import { toastFailure } from '../../../components/form/failure-toast';
import { toast } from '../../../components/ui/toast';
import { formatPricePerHour } from '../../../lib/format';
import { useAdminVenues, useDecideVenue, type VenueDecision } from '../api/venues';
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

type ApprovalFilter = '' | (typeof APPROVAL_STATUSES)[number];
type TypeFilter = '' | AdminVenue['type'];

const APPROVAL_LABELS: Record<AdminVenue['approvalStatus'], string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
};
const APPROVAL_TONES = { pending: 'warn', approved: 'good', rejected: 'bad' } as const;
const APPROVAL_OPTIONS: Option<ApprovalFilter>[] = [
  { value: '', label: 'All statuses' },
  ...APPROVAL_STATUSES.map((s) => ({ value: s, label: APPROVAL_LABELS[s] })),
];
const TYPE_OPTIONS: Option<TypeFilter>[] = [
  { value: '', label: 'All types' },
  { value: 'club', label: 'Club' },
  { value: 'yacht', label: 'Yacht' },
];

/** Venues tab: every venue with its owner; Approve and Reject only while its approval is pending. */
export function VenuesPanel() {
  const [approvalStatus, setApprovalStatus] = useState<ApprovalFilter>('');
  const [type, setType] = useState<TypeFilter>('');
  const { term, paging, searchField } = useSearchedPage(approvalStatus, type);
  const venues = useAdminVenues({
    search: term,
    approvalStatus: approvalStatus || undefined,
    type: type || undefined,
    page: paging.page,
  });
  const decide = useDecideVenue();

  const onDecide = (venue: AdminVenue, status: VenueDecision) =>
    decide.mutate(
      { venueId: venue.id, status },
      {
        onSuccess: (result) => toast({ title: result.message, description: result.venue.name }),
        onError: (error) => toastFailure(error, ADMIN_MESSAGES.venueStatusFailed),
      },
    );
  const deciding = (venue: AdminVenue) => decide.isPending && decide.variables?.venueId === venue.id;

  return (
    <div className="flex flex-col gap-6">
      <ListControls>
        <SearchField id="venues-search" label="Search venues" placeholder="Name, city or owner" {...searchField} />
        <FilterSelect
          id="venues-approval"
          label="Approval status"
          value={approvalStatus}
          options={APPROVAL_OPTIONS}
          onChange={setApprovalStatus}
        />
        <FilterSelect id="venues-type" label="Venue type" value={type} options={TYPE_OPTIONS} onChange={setType} />
      </ListControls>
      <PagedDataList
        query={venues}
        rows={(p) => p.venues}
        noun="venues"
        errorDetail="Unable to fetch venue data"
        emptyTitle="No venues found"
        paging={paging}
        label="Venues"
        rowKey={(v) => v.id}
        rowLabel={(v) => v.name}
        template="minmax(0,1.3fr) minmax(0,0.8fr) minmax(0,1fr) minmax(0,1.4fr) minmax(0,0.9fr) minmax(0,0.8fr)"
        columns={[
          { label: 'Venue', render: (v) => <span className="font-semibold">{v.name}</span> },
          {
            label: 'Type',
            render: (v) => (v.type === 'yacht' ? 'Yacht' : 'Club') + (v.subtype ? ` · ${v.subtype}` : ''),
          },
          { label: 'Location', render: (v) => formatCity(v.city, v.state) },
          {
            label: 'Owner',
            render: (v) => (
              <span className="flex flex-col">
                <span>{`${v.owner.firstName} ${v.owner.lastName}`.trim()}</span>
                <span className="text-xs text-neutral-400">{v.owner.email}</span>
              </span>
            ),
          },
          { label: 'Price', render: (v) => `${formatPricePerHour(v.pricePerHour)} · ${v.capacity} guests` },
          {
            label: 'Approval',
            render: (v) => <Badge tone={APPROVAL_TONES[v.approvalStatus]}>{APPROVAL_LABELS[v.approvalStatus]}</Badge>,
          },
        ]}
        actionsWidth="md"
        actions={(v) =>
          v.approvalStatus === 'pending' ? (
            <>
              <RowAction name={`Approve ${v.name}`} pending={deciding(v)} onClick={() => onDecide(v, 'approved')}>
                Approve
              </RowAction>
              <RowAction
                name={`Reject ${v.name}`}
                variant="destructive"
                pending={deciding(v)}
                onClick={() => onDecide(v, 'rejected')}
              >
                Reject
              </RowAction>
            </>
          ) : null
        }
      />
    </div>
  );
}
