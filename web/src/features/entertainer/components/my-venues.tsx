import { useId, useState } from 'react';
import { formatCity, type EntertainerRequest, type Venue } from '@luxe/contracts';
import { toastFailure } from '../../../components/form/failure-toast';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { toast } from '../../../components/ui/toast';
import { EmptyState, RequestStatusBadge } from '../../../components/vip-assignment';
import { formatInEst, SHORT_DATE_FORMAT } from '../../../lib/format';
import { searchVenues, useStripClubs } from '../api/strip-clubs';
import { useMyVenueRequests, useRequestVenue } from '../api/venue-requests';
import { QueryState, serverErrorText } from '../../../components/query-state';

/**
 * My Venues: the entertainer's requests to join strip clubs with their status, and the
 * 'Request to Join a Venue' dialog that lists the approved strip clubs.
 */
export function MyVenues() {
  const requests = useMyVenueRequests();
  const [choosing, setChoosing] = useState(false);

  return (
    <section aria-labelledby="venue-requests-heading" className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="venue-requests-heading" className="text-lg font-semibold text-white">
          Your venue requests
        </h2>
        <Button type="button" size="sm" onClick={() => setChoosing(true)}>
          Request to Join a Venue
        </Button>
      </div>

      <QueryState
        query={requests}
        loadingLabel="Loading your venues..."
        rows={2}
        errorText={serverErrorText('Error loading your venues. Please try again.')}
        errorLook="danger"
        isEmpty={(data) => data.length === 0}
        empty={
          <EmptyState title="No Venue Requests Yet">
            Ask a strip club to add you to its entertainers; its owner approves or declines.
          </EmptyState>
        }
      >
        {(loaded) => (
          <ul aria-label="Your venue requests" className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            {loaded.map((request) => (
              <li
                key={request.id}
                data-testid="venue-request"
                className="flex items-start justify-between gap-3 rounded-3xl border border-white/10 bg-neutral-900/70 p-5"
              >
                <div className="min-w-0">
                  <h3 className="font-semibold break-words text-white">{request.venueName}</h3>
                  <p className="mt-1 text-sm text-neutral-300">
                    Requested {formatInEst(request.createdAt, SHORT_DATE_FORMAT)}
                  </p>
                  {request.status === 'approved' ? (
                    <p className="mt-1 text-sm text-emerald-200">You can be assigned to its VIP rooms.</p>
                  ) : null}
                </div>
                <RequestStatusBadge status={request.status} />
              </li>
            ))}
          </ul>
        )}
      </QueryState>

      {choosing ? <JoinVenueDialog requests={requests.data ?? []} onClose={() => setChoosing(false)} /> : null}
    </section>
  );
}

/** The latest request per venue (the list is newest first). */
function latestByVenue(requests: readonly EntertainerRequest[]): Map<string, EntertainerRequest> {
  const byVenue = new Map<string, EntertainerRequest>();
  for (const r of requests) if (!byVenue.has(r.venueId)) byVenue.set(r.venueId, r);
  return byVenue;
}

/**
 * The approved strip clubs, searched by name, city or state. A club already asked (pending) or
 * joined (approved) shows that status instead of the Request button; the server refuses
 * duplicates anyway and its message is shown.
 */
function JoinVenueDialog({ requests, onClose }: { requests: readonly EntertainerRequest[]; onClose: () => void }) {
  const searchId = useId();
  const [search, setSearch] = useState('');
  const clubs = useStripClubs();
  const send = useRequestVenue();
  const asked = latestByVenue(requests);
  const shown = searchVenues(clubs.data ?? [], search);

  const request = (venue: Venue) => {
    send.mutate(venue.id, {
      onSuccess: () => {
        toast({ title: 'Request Sent', description: `Your request to join ${venue.name} was sent to its owner.` });
        onClose();
      },
      onError: (error) => toastFailure(error, 'Failed to send request'),
    });
  };

  return (
    <Dialog
      title="Request to Join a Venue"
      description="Strip clubs take entertainers once their owner approves the request."
      onClose={onClose}
    >
      <div>
        <Label htmlFor={searchId}>Search by city or name</Label>
        <Input
          id={searchId}
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          autoComplete="off"
          placeholder="Miami, Velvet..."
        />
      </div>

      <QueryState
        query={clubs}
        loadingLabel="Loading venues..."
        rows={2}
        errorText="Error loading venues. Please try again."
        errorLook="inline"
        isEmpty={() => shown.length === 0}
        empty={(all) => (
          <p role="status" className="rounded-2xl border border-white/10 p-4 text-center text-sm text-neutral-300">
            {all.length === 0 ? 'No strip clubs are taking requests yet.' : 'No strip clubs match your search.'}
          </p>
        )}
      >
        {() => (
          <ul aria-label="Strip clubs" className="flex flex-col gap-3">
            {shown.map((venue) => {
              const existing = asked.get(venue.id);
              const open = existing && existing.status !== 'declined';
              return (
                <li
                  key={venue.id}
                  data-testid="strip-club"
                  className="flex items-center gap-3 rounded-2xl border border-white/10 bg-neutral-950/60 p-3"
                >
                  <img src={venue.imageUrl} alt="" className="h-14 w-14 shrink-0 rounded-xl object-cover" />
                  <div className="min-w-0 flex-1">
                    <h3 className="font-semibold break-words text-white">{venue.name}</h3>
                    <p className="text-sm text-neutral-300">{formatCity(venue.city, venue.state)}</p>
                  </div>
                  {open ? (
                    <RequestStatusBadge status={existing.status} />
                  ) : (
                    <Button
                      type="button"
                      size="sm"
                      disabled={send.isPending}
                      onClick={() => request(venue)}
                      aria-label={`Request to join ${venue.name}`}
                    >
                      Request
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </QueryState>

      <div className="flex justify-end">
        <Button type="button" variant="ghost" onClick={onClose}>
          Close
        </Button>
      </div>
    </Dialog>
  );
}
