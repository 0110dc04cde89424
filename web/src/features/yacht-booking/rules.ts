import {
  formatCity,
  START_TIMES,
  type StartTime,
  toCancellationPolicy,
  type Venue,
  VENUE_PLACEHOLDERS,
} from '@luxe/contracts';
import { formatClockTime } from '../../lib/format';

/** Cancellation policy badge: the policy's name (a legacy text naming flexible or strict reads as it; else moderate). */
export type CancellationKind = 'FLEXIBLE' | 'MODERATE' | 'STRICT';
export function cancellationKind(policy: string | null | undefined): CancellationKind {
  return toCancellationPolicy(policy).toUpperCase() as CancellationKind;
}

/** The photos of a yacht: its own, else its main image (the placeholder when it has none). */
export function yachtImages(venue: Pick<Venue, 'images' | 'imageUrl'>): string[] {
  const own = venue.images.filter((i) => i.trim());
  return own.length ? own : [venue.imageUrl || VENUE_PLACEHOLDERS.yacht];
}

/** 'Miami, FL' from the stored 'Miami, FL' and 'Florida' (the one city format, formatCity). */
export function yachtPlace(venue: Pick<Venue, 'city' | 'state'>): string {
  return formatCity(venue.city, venue.state);
}

/** The 9 start times with their labels: '18:00' → '6:00 PM' … '02:00' → '2:00 AM'. */
export const START_TIME_OPTIONS: readonly { value: StartTime; label: string }[] = START_TIMES.map((value) => ({
  value,
  label: formatClockTime(value),
}));

/** The avatars the preview shows: the first 5 friends, then '+N' for the others. */
export const PREVIEW_AVATARS = 5;
export function previewAvatars<T>(friends: readonly T[]): { shown: T[]; more: number } {
  return { shown: friends.slice(0, PREVIEW_AVATARS), more: Math.max(0, friends.length - PREVIEW_AVATARS) };
}
