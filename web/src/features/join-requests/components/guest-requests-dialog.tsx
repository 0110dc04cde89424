import { useEffect, useRef, useState, type ReactNode } from 'react';
import { JOIN_REQUEST_MESSAGES, WAITLIST_MESSAGES, type JoinRequest } from '@luxe/contracts';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/toast';
import { serverMessage } from '../../../lib/api-client';
import { useBookingJoinRequests } from '../api/booking-join-requests';
import { useDecideJoinRequest, type JoinRequestDecision } from '../api/decide-join-request';
import { promotionPending, PROMOTION_POLL_MS, useGuestList, useRemoveGuest } from '../api/guest-list';
import { GuestAvatar, guestName } from './guest-avatar';
import { GuestLimitForm } from './guest-limit-form';
import { VerifiedBadge } from '../../../components/verified-badge';
import { QueryState } from '../../../components/query-state';

const OUTCOME: Record<JoinRequestDecision, { success: string; failure: string }> = {
  approve: { success: 'Request Approved!', failure: JOIN_REQUEST_MESSAGES.approveFailed },
  decline: { success: 'Request Declined', failure: JOIN_REQUEST_MESSAGES.declineFailed },
};

/**
 * 'View Guest Requests' of one booking (docs/product.md#dashboard-my-bookings): the guest limit
 * (docs/product.md#social-guest-list), 'Pending Requests (n)' with Approve and Decline, 'Approved Guests (n)' and the
 * 'Waitlist (n)' in order, each with Remove, or 'No guest requests yet'. Declined, left and removed
 * requests are not listed. After a decision or a removal the lists are read again and the focus
 * moves to the next button of the same kind (or Close), so a keyboard user is never left on a
 * button that has gone.
 */
export function GuestRequestsDialog({
  bookingId,
  venueName,
  onClose,
}: {
  bookingId: string;
  venueName: string;
  onClose: () => void;
}) {
  const guestList = useGuestList(bookingId);
  // While a promotion is owed (a place freed, someone waiting), both lists are read again until it shows.
  const requests = useBookingJoinRequests(bookingId, promotionPending(guestList.data) ? PROMOTION_POLL_MS : false);
  const decide = useDecideJoinRequest(bookingId);
  const remove = useRemoveGuest(bookingId);
  const body = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  /** Which buttons to go back to, and where the acted-on request stood among them, until the focus has moved on. */
  const [refocus, setRefocus] = useState<{ selector: string; at: number } | null>(null);

  const all = requests.data ?? [];
  const pending = all.filter((r) => r.status === 'pending');
  const approved = all.filter((r) => r.status === 'approved');
  const waitlist = all
    .filter((r) => r.status === 'waitlisted')
    .sort((a, b) => (a.waitlistPosition ?? Infinity) - (b.waitlistPosition ?? Infinity));
  const busy = decide.isPending || remove.isPending;

  // The guest list changed (e.g. the promotion arrived) and the requests read before it disagree:
  // read them once more, so the sections never stay on the waitlist the server has moved on from.
  // Once per reading of the guest list, so a lasting disagreement cannot loop.
  const listedWaiting = guestList.data?.waitlistCount;
  const listReadAt = guestList.dataUpdatedAt;
  const reconciled = useRef(0);
  const refetchRequests = requests.refetch;
  useEffect(() => {
    if (listedWaiting === undefined || !requests.data || requests.isFetching || reconciled.current === listReadAt)
      return;
    reconciled.current = listReadAt;
    if (waitlist.length !== listedWaiting) void refetchRequests();
  }, [listedWaiting, listReadAt, requests.data, requests.isFetching, waitlist.length, refetchRequests]);

  useEffect(() => {
    if (refocus === null || busy || requests.isFetching) return;
    const next = body.current?.querySelectorAll<HTMLButtonElement>(refocus.selector) ?? [];
    (next[Math.min(refocus.at, next.length - 1)] ?? closeButton.current)?.focus();
    setRefocus(null);
  }, [refocus, busy, requests.isFetching]);

  const onDecide = (request: JoinRequest, decision: JoinRequestDecision) => {
    const position = pending.findIndex((r) => r.id === request.id);
    decide.mutate(
      { id: request.id, decision },
      {
        onSuccess: (answer) =>
          toast({
            title:
              answer.status === 'waitlisted'
                ? `Added to the waitlist (#${answer.waitlistPosition ?? waitlist.length + 1})`
                : OUTCOME[decision].success,
          }),
        onError: (error) =>
          toast({
            title: 'Error',
            description: serverMessage(error, OUTCOME[decision].failure),
            variant: 'destructive',
          }),
        onSettled: () => setRefocus({ selector: '[data-decision="approve"]', at: Math.max(position, 0) }),
      },
    );
  };

  const onRemove = (request: JoinRequest) => {
    const position = [...approved, ...waitlist].findIndex((r) => r.id === request.id);
    remove.mutate(request.id, {
      onSuccess: () =>
        toast({ title: 'Guest Removed', description: `${guestName(request)} is no longer on the list.` }),
      onError: (error) =>
        toast({
          title: 'Error',
          description: serverMessage(error, WAITLIST_MESSAGES.removeFailed),
          variant: 'destructive',
        }),
      onSettled: () => setRefocus({ selector: '[data-remove]', at: Math.max(position, 0) }),
    });
  };

  const removeButton = (request: JoinRequest) => (
    <Button
      type="button"
      variant="secondary"
      size="sm"
      data-remove=""
      disabled={busy}
      onClick={() => onRemove(request)}
    >
      Remove
      <span className="sr-only">: {guestName(request)}</span>
    </Button>
  );

  return (
    <Dialog title="Guest Requests" description={venueName} onClose={onClose}>
      <div ref={body} className="flex flex-col gap-5">
        {guestList.data ? <GuestLimitForm bookingId={bookingId} list={guestList.data} /> : null}
        <QueryState
          query={requests}
          loadingLabel="Loading requests..."
          rows={2}
          errorText="Error loading requests. Please try again."
          errorLook="center"
          errorClassName="py-4"
          isEmpty={() => pending.length === 0 && approved.length === 0 && waitlist.length === 0}
          empty={
            <p className="rounded-2xl border border-white/10 bg-white/5 p-6 text-center text-neutral-300">
              No guest requests yet
            </p>
          }
        >
          {() => (
            <>
              {pending.length > 0 ? (
                <RequestSection
                  id={`pending-${bookingId}`}
                  title={`Pending Requests (${pending.length})`}
                  listLabel="Pending requests"
                >
                  {pending.map((request) => (
                    <li key={request.id}>
                      <RequestCard request={request}>
                        <div className="flex gap-2">
                          <Button
                            type="button"
                            size="sm"
                            className="flex-1"
                            data-decision="approve"
                            disabled={busy}
                            onClick={() => onDecide(request, 'approve')}
                          >
                            Approve
                            <span className="sr-only">: {guestName(request)}</span>
                          </Button>
                          <Button
                            type="button"
                            variant="secondary"
                            size="sm"
                            className="flex-1"
                            disabled={busy}
                            onClick={() => onDecide(request, 'decline')}
                          >
                            Decline
                            <span className="sr-only">: {guestName(request)}</span>
                          </Button>
                        </div>
                      </RequestCard>
                    </li>
                  ))}
                </RequestSection>
              ) : null}
              {approved.length > 0 ? (
                <RequestSection
                  id={`approved-${bookingId}`}
                  title={`Approved Guests (${approved.length})`}
                  listLabel="Approved guests"
                >
                  {approved.map((request) => (
                    <li key={request.id}>
                      <RequestCard request={request}>{removeButton(request)}</RequestCard>
                    </li>
                  ))}
                </RequestSection>
              ) : null}
              {waitlist.length > 0 ? (
                <RequestSection
                  id={`waitlist-${bookingId}`}
                  title={`Waitlist (${waitlist.length})`}
                  listLabel="Waitlist, first promoted first"
                >
                  {waitlist.map((request, i) => (
                    <li key={request.id}>
                      <RequestCard request={request} badge={`#${request.waitlistPosition ?? i + 1}`}>
                        {removeButton(request)}
                      </RequestCard>
                    </li>
                  ))}
                </RequestSection>
              ) : null}
            </>
          )}
        </QueryState>
      </div>
      <Button ref={closeButton} type="button" variant="ghost" onClick={onClose}>
        Close
      </Button>
    </Dialog>
  );
}

function RequestSection({
  id,
  title,
  listLabel,
  children,
}: {
  id: string;
  title: string;
  listLabel: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h3 id={id} className="text-sm font-semibold tracking-wide text-gold-200 uppercase">
        {title}
      </h3>
      <ul aria-label={listLabel} className="flex flex-col gap-3">
        {children}
      </ul>
    </section>
  );
}

function RequestCard({ request, badge, children }: { request: JoinRequest; badge?: string; children?: ReactNode }) {
  const name = guestName(request);
  const details = [request.guest?.age != null ? `Age ${request.guest.age}` : null, request.guest?.city || null]
    .filter(Boolean)
    .join(' · ');
  return (
    <article
      aria-label={name}
      data-testid="guest-request"
      className="flex flex-col gap-3 rounded-2xl border border-white/10 bg-white/[0.03] p-4"
    >
      <div className="flex items-start gap-3">
        <GuestAvatar request={request} />
        <div className="min-w-0 flex-1">
          <p className="font-semibold break-words text-white" data-testid="guest-name">
            {name}
          </p>
          <VerifiedBadge verified={request.guest?.verified} className="mt-1" />
          {badge ? (
            <p className="text-sm font-semibold text-gold-200" data-testid="waitlist-position">
              <span className="sr-only">Waitlist place </span>
              {badge}
            </p>
          ) : null}
          {details ? (
            <p className="text-sm text-neutral-300" data-testid="guest-details">
              {details}
            </p>
          ) : null}
          {request.message ? (
            <p className="mt-2 text-sm break-words text-neutral-200" data-testid="guest-message">
              “{request.message}”
            </p>
          ) : null}
        </div>
      </div>
      {children}
    </article>
  );
}
