import { useId, useState, type FormEvent, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { EntertainerRequest, VipAssignment } from '@luxe/contracts';
import { toastFailure } from '../../../components/form/failure-toast';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/toast';
import {
  assignmentHeadingId,
  EmptyState,
  FOCUSABLE_HEADING,
  pendingFirst,
  RequestStatusBadge,
  VipAssignmentCard,
} from '../../../components/vip-assignment';
import { serverMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { focusByIdSoon } from '../../../lib/focus';
import { formatInEst, SHORT_DATE_FORMAT } from '../../../lib/format';
import {
  useApproveEntertainer,
  useDeclineEntertainer,
  useEntertainerRequests,
  useOwnerAssignments,
  useRevokeAssignment,
} from '../api/entertainers';
import { useDancers } from '../api/staff';
import { ItemAction } from './fields';
import { QueryState, serverErrorText } from '../../../components/query-state';

const REQUEST_FAILED = 'Failed to update request';
const REVOKE_FAILED = 'Failed to revoke assignment';
/** The radio value of 'Create a new profile' (sent as dancerId null). */
const NEW_PROFILE = 'new';

function fullName(request: EntertainerRequest): string {
  return `${request.entertainer.firstName} ${request.entertainer.lastName}`.trim();
}

function requestHeadingId(id: string): string {
  return `entertainer-request-${id}`;
}

/**
 * The venue dashboard's Entertainers tab: entertainers' requests to join the owner's venues
 * (approve by linking a dancer profile, or decline) and the VIP room assignments in those venues
 * (revoke a proposed or accepted one).
 */
export function Entertainers() {
  return (
    <div className="flex flex-col gap-10">
      <JoinRequests />
      <OwnerAssignments />
    </div>
  );
}

function JoinRequests() {
  const requests = useEntertainerRequests();
  const decline = useDeclineEntertainer();
  const [approving, setApproving] = useState<EntertainerRequest | null>(null);

  const declineRequest = (request: EntertainerRequest) => {
    decline.mutate(request.id, {
      onSuccess: () => {
        toast({ title: 'Request Declined', description: `${fullName(request)} will not join ${request.venueName}.` });
        focusByIdSoon(requestHeadingId(request.id));
      },
      onError: (error) => toastFailure(error, REQUEST_FAILED),
    });
  };

  return (
    <section aria-labelledby="entertainer-requests-heading" className="flex flex-col gap-4">
      <OwnerList
        headingId="entertainer-requests-heading"
        heading="Join Requests"
        query={requests}
        noun="requests"
        emptyTitle="No Entertainer Requests"
        emptyText="Entertainers who ask to join your strip clubs appear here."
      >
        {(loaded) => (
          <ul aria-label="Entertainer requests" className="grid grid-cols-1 gap-3 lg:grid-cols-2">
            {pendingFirst(loaded).map((request) => {
              const name = fullName(request);
              const busy = decline.isPending && decline.variables === request.id;
              return (
                <li
                  key={request.id}
                  data-testid="entertainer-request"
                  className="flex flex-col gap-4 rounded-3xl border border-white/10 bg-neutral-900/70 p-5"
                >
                  <div className="flex items-start gap-3">
                    <EntertainerAvatar request={request} />
                    <div className="min-w-0 flex-1">
                      <h3
                        id={requestHeadingId(request.id)}
                        tabIndex={-1}
                        className={cn('font-semibold break-words text-white', FOCUSABLE_HEADING)}
                      >
                        {name}
                      </h3>
                      <p className="text-sm break-words text-neutral-300">{request.venueName}</p>
                      <p className="text-xs text-neutral-400">
                        Requested {formatInEst(request.createdAt, SHORT_DATE_FORMAT)}
                      </p>
                    </div>
                    <RequestStatusBadge status={request.status} />
                  </div>
                  {request.status === 'pending' ? (
                    <div className="flex flex-col gap-2 min-[400px]:flex-row">
                      <ItemAction
                        name={`Approve ${name} for ${request.venueName}`}
                        variant="primary"
                        pending={busy}
                        onClick={() => setApproving(request)}
                      >
                        Approve
                      </ItemAction>
                      <ItemAction
                        name={`Decline ${name} for ${request.venueName}`}
                        danger
                        pending={busy}
                        onClick={() => declineRequest(request)}
                      >
                        Decline
                      </ItemAction>
                    </div>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </OwnerList>
      {approving ? <ApproveDialog request={approving} onClose={() => setApproving(null)} /> : null}
    </section>
  );
}

/**
 * A tab section's heading and list: skeleton while loading, the server's message (and Try Again)
 * on failure, the empty state, or the items as `children` draws them.
 */
function OwnerList<T>({
  headingId,
  heading,
  query,
  noun,
  emptyTitle,
  emptyText,
  children,
}: {
  headingId: string;
  heading: string;
  query: UseQueryResult<T[]>;
  noun: string;
  emptyTitle: string;
  emptyText: string;
  children: (items: T[]) => ReactNode;
}) {
  return (
    <>
      <h2 id={headingId} className="text-lg font-semibold text-white">
        {heading}
      </h2>
      <QueryState
        query={query}
        loadingLabel={`Loading ${noun}...`}
        rows={2}
        errorText={serverErrorText(`Error loading ${noun}. Please try again.`)}
        errorLook="danger"
        isEmpty={(data) => data.length === 0}
        empty={<EmptyState title={emptyTitle}>{emptyText}</EmptyState>}
      >
        {children}
      </QueryState>
    </>
  );
}

/** The entertainer's main photo, else the initial. Decorative: the name is next to it. */
function EntertainerAvatar({ request }: { request: EntertainerRequest }) {
  const photo = request.entertainer.profileImages[0];
  const box = 'h-12 w-12 shrink-0 rounded-full';
  if (photo) return <img src={photo} alt="" className={cn(box, 'object-cover')} />;
  return (
    <span
      aria-hidden="true"
      className={cn(
        box,
        'grid place-items-center border border-gold-400/40 bg-gold-400/10 font-semibold text-gold-200',
      )}
    >
      {request.entertainer.firstName.charAt(0).toUpperCase() || '?'}
    </span>
  );
}

/**
 * Approve a request: pick one of the venue's dancer profiles that no entertainer is linked to yet,
 * or create a new profile in the entertainer's name (the default).
 */
function ApproveDialog({ request, onClose }: { request: EntertainerRequest; onClose: () => void }) {
  const uid = useId();
  const name = fullName(request);
  const dancers = useDancers(request.venueId);
  const approve = useApproveEntertainer();
  const [choice, setChoice] = useState<string>(NEW_PROFILE);
  const unlinked = (dancers.data ?? []).filter((d) => d.entertainerUserId === null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const dancerId = choice === NEW_PROFILE ? null : choice;
    approve.mutate(
      { request, dancerId },
      {
        onSuccess: () => {
          toast({ title: 'Entertainer Approved', description: `${name} joined ${request.venueName}.` });
          onClose();
          focusByIdSoon(requestHeadingId(request.id));
        },
        onError: (error) => toastFailure(error, REQUEST_FAILED),
      },
    );
  };

  const option = (value: string, label: string, hint?: string) => (
    <label
      key={value}
      className="flex cursor-pointer items-center gap-3 rounded-2xl border border-white/10 p-3 has-[:checked]:border-gold-400/70 has-[:checked]:bg-gold-400/5"
    >
      <input
        type="radio"
        name={`${uid}-dancer`}
        value={value}
        checked={choice === value}
        onChange={() => setChoice(value)}
        className="h-4 w-4 accent-gold-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-400"
      />
      <span className="min-w-0">
        <span className="block font-medium break-words text-white">{label}</span>
        {hint ? <span className="block text-xs text-neutral-400">{hint}</span> : null}
      </span>
    </label>
  );

  return (
    <Dialog
      title={`Approve ${name}`}
      description={`Link ${name} to a dancer profile of ${request.venueName}.`}
      onClose={onClose}
    >
      <form onSubmit={submit} className="flex flex-col gap-4">
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 text-sm font-medium text-neutral-200">Dancer profile</legend>
          {dancers.isPending ? (
            <p role="status" className="text-sm text-neutral-300">
              Loading dancer profiles...
            </p>
          ) : dancers.isError ? (
            <p role="alert" className="text-sm text-red-300">
              {serverMessage(dancers.error, 'Could not load the dancer profiles.')}
            </p>
          ) : unlinked.length === 0 ? (
            <p className="text-sm text-neutral-300">
              Every dancer profile of this venue is already linked to an entertainer.
            </p>
          ) : (
            unlinked.map((d) => option(d.id, d.name, 'Existing profile'))
          )}
          {option(NEW_PROFILE, 'Create a new profile', `A new dancer profile in ${name}'s name`)}
        </fieldset>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button type="button" variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={approve.isPending} aria-label={`Approve ${name}`}>
            Approve
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function OwnerAssignments() {
  const assignments = useOwnerAssignments();
  const revoke = useRevokeAssignment();

  const revokeAssignment = (assignment: VipAssignment) => {
    revoke.mutate(assignment.id, {
      onSuccess: () => {
        toast({
          title: 'Assignment Revoked',
          description: `${assignment.dancerName} is no longer assigned to ${assignment.sectionName}.`,
        });
        focusByIdSoon(assignmentHeadingId(assignment.id));
      },
      onError: (error) => toastFailure(error, REVOKE_FAILED),
    });
  };

  return (
    <section aria-labelledby="owner-assignments-heading" className="flex flex-col gap-4">
      <OwnerList
        headingId="owner-assignments-heading"
        heading="VIP Assignments"
        query={assignments}
        noun="VIP assignments"
        emptyTitle="No VIP Assignments"
        emptyText="Dancers proposed for the VIP rooms of your venues appear here."
      >
        {(data) => (
          <ul aria-label="VIP assignments" className="grid grid-cols-1 gap-4 lg:grid-cols-2">
            {data.map((assignment) => {
              const revocable = assignment.status === 'proposed' || assignment.status === 'accepted';
              const busy = revoke.isPending && revoke.variables === assignment.id;
              return (
                <li key={assignment.id}>
                  <VipAssignmentCard assignment={assignment}>
                    {revocable ? (
                      <ItemAction
                        name={`Revoke ${assignment.dancerName} from ${assignment.sectionName}`}
                        danger
                        pending={busy}
                        onClick={() => revokeAssignment(assignment)}
                      >
                        Revoke
                      </ItemAction>
                    ) : null}
                  </VipAssignmentCard>
                </li>
              );
            })}
          </ul>
        )}
      </OwnerList>
    </section>
  );
}
