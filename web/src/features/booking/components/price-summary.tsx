import { sectionPrice, type Dancer, type Section } from '@luxe/contracts';
import { formatPricePerHour, formatWholeDollars } from '../../../lib/format';
import { hoursLabel } from '../booking-rules';

/** The estimate before booking (spec doc 2 §9); the server prices the booking itself. */
export function estimateTotal(section: Section, hours: number, dancer: Dancer | null): number {
  return sectionPrice(section.pricePerHour, hours, dancer?.priceModifier);
}

export function PriceSummary({ section, dancer, hours }: { section: Section | null; dancer: Dancer | null; hours: number }) {
  return (
    <section aria-labelledby="price-heading" className="rounded-2xl border border-white/10 bg-white/5 p-4">
      <h2 id="price-heading" className="mb-3 text-sm font-semibold text-neutral-100">
        Price Summary
      </h2>
      {section ? (
        <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-2 text-sm" data-testid="price-summary">
          <dt className="text-neutral-300">{section.name}</dt>
          <dd className="text-right text-neutral-100">{formatPricePerHour(section.pricePerHour)}</dd>
          {dancer ? (
            <>
              <dt className="text-neutral-300">Entertainer {dancer.name}</dt>
              <dd className="text-right text-neutral-100">×{dancer.priceModifier}</dd>
            </>
          ) : null}
          <dt className="text-neutral-300">Duration</dt>
          <dd className="text-right text-neutral-100">{hoursLabel(hours)}</dd>
          <dt className="border-t border-white/10 pt-2 font-semibold text-white">Total</dt>
          <dd className="border-t border-white/10 pt-2 text-right font-semibold text-gold-200" data-testid="price-total">
            {formatWholeDollars(estimateTotal(section, hours, dancer))}
          </dd>
        </dl>
      ) : (
        <p className="text-sm text-neutral-300">Choose a section to see the price.</p>
      )}
    </section>
  );
}

/** The sticky bar at the bottom: the estimate and Reserve (disabled until the choice is complete). */
export function ReserveBar({ total, missing, pending, onReserve }: { total: number | null; missing: string[]; pending: boolean; onReserve: () => void }) {
  const disabled = missing.length > 0 || pending;
  return (
    <div className="fixed inset-x-0 bottom-0 z-40 border-t border-white/10 bg-neutral-950/95 px-4 py-3 backdrop-blur">
      <div className="mx-auto flex max-w-3xl items-center justify-between gap-3">
        <div className="min-w-0">
          <p className="text-xs text-neutral-300">Total</p>
          <p className="font-display text-xl font-semibold text-white">{total === null ? '—' : formatWholeDollars(total)}</p>
          {missing.length > 0 ? (
            <p id="reserve-hint" className="text-xs text-neutral-300">
              Choose {missing.join(', ')}
            </p>
          ) : null}
        </div>
        <button
          type="button"
          onClick={onReserve}
          disabled={disabled}
          aria-describedby={missing.length > 0 ? 'reserve-hint' : undefined}
          className="inline-flex h-12 shrink-0 items-center justify-center rounded-full bg-gradient-to-r from-gold-300 to-gold-500 px-8 text-base font-semibold text-neutral-950 shadow-lg shadow-gold-500/20 hover:from-gold-200 hover:to-gold-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-400 disabled:cursor-not-allowed disabled:opacity-60"
        >
          {pending ? 'Reserving...' : 'Reserve'}
        </button>
      </div>
    </div>
  );
}
