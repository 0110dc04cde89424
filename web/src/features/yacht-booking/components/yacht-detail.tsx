import { useState } from 'react';
import { describeCancellationPolicy, toCancellationPolicy, VENUE_PLACEHOLDERS, type Venue } from '@luxe/contracts';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { cancellationKind, yachtImages, yachtPlace } from '../rules';
import { Collapsible } from './collapsible';
import { ImageCarousel } from '../../../components/image-carousel';
import { PriceBar, StepShell } from './step-shell';

/** Descriptions longer than this are clamped with 'Read more'. */
const DESCRIPTION_CLAMP = 180;

const badgeTone = {
  FLEXIBLE: 'bg-emerald-400/15 text-emerald-200 ring-emerald-300/40',
  MODERATE: 'bg-gold-400/15 text-gold-200 ring-gold-300/40',
  STRICT: 'bg-red-400/15 text-red-200 ring-red-300/40',
} as const;

function Spec({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-2xl border border-white/10 bg-neutral-900/70 px-4 py-3">
      <dt className="text-xs uppercase tracking-wide text-neutral-400">{label}</dt>
      <dd className="mt-1 text-base font-semibold text-white">{value}</dd>
    </div>
  );
}

/** Step 1: the yacht's page (docs/product.md#booking-yachts), with a bottom bar to book it. */
export function YachtDetail({
  venue,
  bookingsCount,
  onBack,
  onBook,
  focusTitle,
}: {
  venue: Venue;
  bookingsCount: number;
  onBack: () => void;
  onBook: () => void;
  focusTitle: boolean;
}) {
  const [expanded, setExpanded] = useState(false);
  const long = venue.description.length > DESCRIPTION_CLAMP;
  const kind = cancellationKind(venue.cancellationPolicy);
  const rating = Number(venue.rating);

  return (
    <StepShell
      title={venue.name}
      eyebrow="Yacht"
      onBack={onBack}
      focusTitle={focusTitle}
      footer={
        <PriceBar
          label="Price"
          price={venue.formattedPrice}
          priceTestId="detail-price"
          action={
            <Button type="button" size="lg" onClick={onBook}>
              Book it
            </Button>
          }
        />
      }
    >
      <ImageCarousel
        images={yachtImages(venue)}
        label={`Photos of ${venue.name}`}
        altOf={(i, n) => `${venue.name}, photo ${i + 1} of ${n}`}
        fallback={VENUE_PLACEHOLDERS.yacht}
      />
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
        <span data-testid="detail-place" className="text-neutral-200">
          {yachtPlace(venue)}
        </span>
        <span
          role="img"
          className="inline-flex items-center gap-1 text-gold-200"
          aria-label={rating > 0 ? `Rated ${rating.toFixed(1)} out of 5` : 'Not rated yet'}
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="currentColor">
            <path d="M12 2l3.09 6.26L22 9.27l-5 4.87L18.18 21 12 17.77 5.82 21 7 14.14l-5-4.87 6.91-1.01z" />
          </svg>
          <span aria-hidden="true">{rating > 0 ? rating.toFixed(1) : 'New'}</span>
        </span>
        <span data-testid="detail-bookings" className="text-neutral-300">
          {bookingsCount} {bookingsCount === 1 ? 'booking' : 'bookings'}
        </span>
      </div>

      <dl className="grid grid-cols-2 gap-3">
        <Spec label="Length" value={venue.yachtLength ? `${venue.yachtLength} ft` : 'Not listed'} />
        <Spec label="Passengers" value={`Up to ${venue.capacity}`} />
        <Spec label="Crew" value={venue.hasCaptain ? 'Captained' : 'Bareboat'} />
        <Spec label="Response rate" value={venue.responseRate != null ? `${venue.responseRate}%` : 'Not listed'} />
      </dl>

      <section aria-labelledby="yacht-about">
        <h2 id="yacht-about" className="text-lg font-semibold text-white">
          About this yacht
        </h2>
        <p
          id="yacht-description"
          data-testid="detail-description"
          className={cn('mt-2 whitespace-pre-line text-neutral-300', long && !expanded && 'line-clamp-3')}
        >
          {venue.description}
        </p>
        {long ? (
          <button
            type="button"
            aria-expanded={expanded}
            aria-controls="yacht-description"
            onClick={() => setExpanded((e) => !e)}
            className="mt-2 rounded text-sm font-semibold text-gold-300 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-400"
          >
            {expanded ? 'Show less' : 'Read more'}
          </button>
        ) : null}
      </section>

      <div className="flex flex-col gap-3">
        <Collapsible title="Amenities">
          {venue.amenities.length ? (
            <ul className="grid grid-cols-2 gap-2">
              {venue.amenities.map((a) => (
                <li key={a} className="flex items-center gap-2">
                  <span aria-hidden="true" className="text-gold-300">
                    ✓
                  </span>
                  {a}
                </li>
              ))}
            </ul>
          ) : (
            <p>No amenities listed.</p>
          )}
        </Collapsible>
        <Collapsible
          title="Cancellation policy"
          badge={
            <span
              data-testid="cancellation-badge"
              className={cn('rounded-full px-2.5 py-0.5 text-xs font-bold tracking-wider ring-1', badgeTone[kind])}
            >
              {kind}
            </span>
          }
        >
          <p data-testid="cancellation-rules">
            {describeCancellationPolicy(toCancellationPolicy(venue.cancellationPolicy))}
          </p>
          <p className="mt-1 text-neutral-400">
            The dates for your trip are shown before you pay; cancel from My Bookings.
          </p>
        </Collapsible>
        <Collapsible title="Rules & Safety">
          {venue.rules.length ? (
            <ul className="list-disc space-y-1 pl-5">
              {venue.rules.map((r) => (
                <li key={r}>{r}</li>
              ))}
            </ul>
          ) : (
            <p>No rules listed.</p>
          )}
        </Collapsible>
      </div>
    </StepShell>
  );
}
