import type { Venue } from '@luxe/contracts';

/**
 * The yacht booking flow (spec doc 2 §2, seven full-screen steps from the detail page to
 * Confirm Booking → /payment). Placeholder until the flow is built.
 */
export function YachtFlow({ venue }: { venue: Venue; guest: boolean }) {
  return (
    <main className="mx-auto max-w-3xl px-5 py-8 text-neutral-100">
      <h1 className="font-display text-3xl font-semibold text-white">{venue.name}</h1>
      <p className="mt-2 text-neutral-300">Yacht booking is coming soon.</p>
    </main>
  );
}
