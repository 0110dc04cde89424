import type { ReactNode } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { useVenue, useVenueSections } from '../../../features/booking/api/venue';
import { SectionBooking } from '../../../features/booking/components/section-booking';
import { YachtFlow } from '../../../features/yacht-booking/components/yacht-flow';
import { ApiError } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/auth-store';

/**
 * /booking/{venueId} (or /booking?venueId=): the booking screen (docs/product.md#booking-screen). A
 * yacht has its own flow; a club is booked by section. `guest=true` lets a visitor in (see
 * RequireAuth); whoever is not signed in books as a guest and is asked for an account to finish.
 */
export function BookingRoute() {
  const { venueId: pathId } = useParams();
  const [search] = useSearchParams();
  const venueId = pathId ?? search.get('venueId') ?? '';
  const user = useCurrentUser();
  const venue = useVenue(venueId);
  const isClub = venue.data?.type === 'club';
  const sections = useVenueSections(venueId, isClub);
  const back = useBack();

  if (venueId && (venue.isPending || (isClub && sections.isPending))) {
    return (
      <Screen>
        <p role="status" className="py-16 text-center text-neutral-300">
          Loading venue details...
        </p>
      </Screen>
    );
  }

  if (!venue.data) {
    const missing =
      !venueId || (venue.error instanceof ApiError && venue.error.status >= 400 && venue.error.status < 500);
    return (
      <Screen>
        <div role="alert" className="flex flex-col items-center gap-4 py-16 text-center">
          <h1 className="font-display text-2xl font-semibold text-white">
            {missing ? 'Venue not found' : 'Venue details could not be loaded'}
          </h1>
          <div className="flex gap-3">
            {!missing ? (
              <Button type="button" variant="secondary" onClick={() => void venue.refetch()}>
                Try Again
              </Button>
            ) : null}
            <Button type="button" onClick={back}>
              Go Back
            </Button>
          </div>
        </div>
      </Screen>
    );
  }

  if (venue.data.type === 'yacht') return <YachtFlow venue={venue.data} guest={!user} />;

  return (
    <Screen>
      <header className="mb-6 flex items-center gap-3">
        <Button type="button" variant="ghost" size="icon" onClick={back} aria-label="Back">
          <span aria-hidden="true">←</span>
        </Button>
        <h1 className="font-display text-3xl font-semibold text-white">Book a Section</h1>
      </header>
      {sections.isError ? (
        <p role="alert" className="mb-4 text-sm text-red-300">
          The sections of this venue could not be loaded.
        </p>
      ) : null}
      <SectionBooking venue={venue.data} sections={sections.data ?? []} />
    </Screen>
  );
}

function Screen({ children }: { children: ReactNode }) {
  return <main className="mx-auto w-full max-w-3xl px-4 py-6 text-neutral-100 sm:px-6">{children}</main>;
}

/** Back: the previous page, or /dashboard when the booking screen was opened directly. */
function useBack() {
  const navigate = useNavigate();
  const location = useLocation();
  return () => {
    if (location.key === 'default') navigate('/dashboard');
    else navigate(-1);
  };
}
