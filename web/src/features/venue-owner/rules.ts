import { UNLIMITED_BOOKINGS, type PricingTier } from '@luxe/contracts';
import { US_CITIES } from '../../lib/cities';

/** The booking fields of the section form that the VIP and Exclusive toggles change. */
export interface SectionToggles {
  isVipRoom: boolean;
  isExclusive: boolean;
  maxSimultaneousBookings: number | undefined;
}

/**
 * Turning VIP Room on sets max simultaneous bookings to 1 if it was unset or unlimited (999), and
 * turns Exclusive on; turning it off changes nothing else (docs/product.md#venues-sections).
 */
export function toggleVipRoom(current: SectionToggles, on: boolean): SectionToggles {
  if (!on) return { ...current, isVipRoom: false };
  const unset =
    current.maxSimultaneousBookings === undefined ||
    Number.isNaN(current.maxSimultaneousBookings) ||
    current.maxSimultaneousBookings === UNLIMITED_BOOKINGS;
  const withMax = { ...current, isVipRoom: true, maxSimultaneousBookings: unset ? 1 : current.maxSimultaneousBookings };
  return toggleExclusive(withMax, true);
}

/** Turning Exclusive on sets max simultaneous bookings to 1 (and locks it); turning it off sets 999. */
export function toggleExclusive(current: SectionToggles, on: boolean): SectionToggles {
  return { ...current, isExclusive: on, maxSimultaneousBookings: on ? 1 : UNLIMITED_BOOKINGS };
}

/** Default hours of a new pricing tier: (tier count + 1) x 2 (docs/product.md#venues-pricing-tiers). */
export function nextTierHours(tiers: readonly PricingTier[] | readonly unknown[]): number {
  return (tiers.length + 1) * 2;
}

/** Capacity as typed: a whole number of at least 1, falling back to 1 on bad input (docs/product.md#venues-form). */
export function parseCapacity(raw: unknown): number {
  const n = typeof raw === 'number' ? raw : Number.parseInt(String(raw ?? ''), 10);
  return Number.isFinite(n) && n >= 1 ? Math.floor(n) : 1;
}

/** An optional number field: empty means not set. */
export function optionalNumber(raw: unknown): number | undefined {
  if (raw === '' || raw === null || raw === undefined) return undefined;
  const n = typeof raw === 'number' ? raw : Number(raw);
  return Number.isNaN(n) ? undefined : n;
}

/** A required number field: empty or bad input stays NaN so the schema's message is shown. */
export function requiredNumber(raw: unknown): number {
  if (raw === '' || raw === null || raw === undefined) return Number.NaN;
  return typeof raw === 'number' ? raw : Number(raw);
}

/** States that the venue form offers: those with at least one city in the city list, A to Z. */
export const VENUE_STATES: readonly string[] = [...new Set(US_CITIES.map((c) => c.state))].sort((a, b) =>
  a.localeCompare(b),
);

/** The cities of a state (the city list depends on the state). */
export function citiesOf(state: string): string[] {
  return US_CITIES.filter((c) => c.state === state).map((c) => c.name);
}

/** A list typed as text: one item per line (or comma), blanks dropped. */
export function splitList(text: string, separator: RegExp = /\r?\n/): string[] {
  return text
    .split(separator)
    .map((s) => s.trim())
    .filter(Boolean);
}

export const SUBTYPE_LABELS = {
  nightclub: 'Nightclub',
  lounge: 'Lounge',
  hookah_bar: 'Hookah bar',
  strip_club: 'Strip club',
} as const;
export const APPROVAL_LABELS = { pending: 'Pending approval', approved: 'Approved', rejected: 'Rejected' } as const;
