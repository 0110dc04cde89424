import {
  sectionAmounts,
  sectionPrice,
  takesDeposit,
  type BookingAmounts,
  type Dancer,
  type Section,
} from '@luxe/contracts';
import { formatHours, formatMoney, formatPricePerHour } from '../../../lib/format';
import { useObscuringBar } from '../../../lib/obscuring-bars';

/**
 * The estimate before booking (docs/product.md#booking-pricing, docs/product.md#booking-deposits):
 * the price for the hours, at least the minimum spend, the deposit due now and the balance due at
 * the venue. The server computes them again with the same functions.
 */
export function estimateAmounts(section: Section, hours: number, dancer: Dancer | null): BookingAmounts {
  return sectionAmounts(sectionPrice(section.pricePerHour, hours, dancer?.priceModifier), section);
}

export function estimateTotal(section: Section, hours: number, dancer: Dancer | null): number {
  return estimateAmounts(section, hours, dancer).total;
}

export function PriceSummary({
  section,
  dancer,
  hours,
}: {
  section: Section | null;
  dancer: Dancer | null;
  hours: number;
}) {
  const amounts = section ? estimateAmounts(section, hours, dancer) : null;
  const hoursPrice = section ? sectionPrice(section.pricePerHour, hours, dancer?.priceModifier) : 0;
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
          <dd className="text-right text-neutral-100">{formatHours(hours)}</dd>
          {amounts?.minimumSpend != null ? (
            <>
              <dt className="text-neutral-300">
                Minimum spend
                {amounts.minimumSpend > hoursPrice ? (
                  <span className="block text-xs text-neutral-400">
                    Applies: {formatHours(hours)} come to {formatMoney(hoursPrice)}
                  </span>
                ) : null}
              </dt>
              <dd className="text-right text-neutral-100" data-testid="price-minimum-spend">
                {formatMoney(amounts.minimumSpend)}
              </dd>
            </>
          ) : null}
          <dt className="border-t border-white/10 pt-2 font-semibold text-white">Total</dt>
          <dd
            className="border-t border-white/10 pt-2 text-right font-semibold text-gold-200"
            data-testid="price-total"
          >
            {formatMoney(amounts?.total ?? 0)}
          </dd>
          {amounts && takesDeposit(amounts) ? (
            <>
              <dt className="font-semibold text-white">Deposit due now ({amounts.depositPercent}%)</dt>
              <dd className="text-right font-semibold text-white" data-testid="price-deposit">
                {formatMoney(amounts.depositAmount)}
              </dd>
            </>
          ) : null}
          <dt className="text-neutral-300">Balance due at the venue</dt>
          <dd className="text-right text-neutral-100" data-testid="price-balance">
            {formatMoney(amounts?.balanceDue ?? 0)}
          </dd>
        </dl>
      ) : (
        <p className="text-sm text-neutral-300">Choose a section to see the price.</p>
      )}
      {amounts && takesDeposit(amounts) ? (
        <p className="mt-3 text-xs text-neutral-300" data-testid="price-deposit-note">
          The deposit is paid by card now; the balance is paid at the venue.
        </p>
      ) : null}
    </section>
  );
}

/** The sticky bar at the bottom: the estimate and Reserve (disabled until the choice is complete). */
export function ReserveBar({
  total,
  deposit = 0,
  missing,
  pending,
  onReserve,
}: {
  total: number | null;
  deposit?: number;
  missing: string[];
  pending: boolean;
  onReserve: () => void;
}) {
  const disabled = missing.length > 0 || pending;
  const bar = useObscuringBar<HTMLDivElement>('bottom');
  return (
    <div
      ref={bar}
      className="fixed inset-x-0 bottom-0 z-40 border-t border-white/10 bg-neutral-950/95 px-4 py-3 backdrop-blur"
    >
      <div className="mx-auto flex max-w-3xl items-center justify-between gap-3">
        <div className="min-w-0">
          <p className="text-xs text-neutral-300">Total</p>
          <p className="font-display text-xl font-semibold text-white">{total === null ? '—' : formatMoney(total)}</p>
          {deposit > 0 ? (
            <p className="text-xs text-gold-100" data-testid="reserve-deposit">
              Deposit due now: {formatMoney(deposit)}
            </p>
          ) : null}
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
          {pending ? 'Reserving...' : deposit > 0 ? 'Pay Deposit' : 'Reserve'}
        </button>
      </div>
    </div>
  );
}
