import { CANCELLATION_POLICIES, CANCELLATION_POLICY_MESSAGE, DEFAULT_CANCELLATION_POLICY } from './cancellation';
import { z } from 'zod';
import { depositPercentField, minimumSpendField } from './deposits';
import { pageQueryFields } from './paging';
import { TEXT_LIMITS, tooLongMessage } from './text-limits';
import { VENUE_IMAGE_SMALL_WIDTH, VENUE_TYPE_FILTERS, VENUE_TYPES } from './venue-constants';

/** Club subtypes (docs/product.md#venues-form; the venue kinds, the type filter and the placeholders are in ./venue-constants). */
export const VENUE_SUBTYPES = ['nightclub', 'lounge', 'hookah_bar', 'strip_club'] as const;
export const VENUE_APPROVAL = ['pending', 'approved', 'rejected'] as const;

/** Venue, section and staff photos: at most 5 chosen per upload, 10 MB each, JPG, PNG or WebP by content (docs/product.md#venues-photos). */
export const VENUE_IMAGE_LIMITS = { perUpload: 5, formats: ['jpeg', 'png', 'webp'] as const } as const;
export const VENUE_IMAGE_MESSAGES = {
  notAnImage: 'The file is not a JPG, PNG or WebP image',
  notYourUpload: 'Not an upload of this owner',
  imagePath: 'Images must be uploaded photos of this owner',
  width: `The only smaller width is ${VENUE_IMAGE_SMALL_WIDTH}`,
} as const;

/**
 * Where a venue owner's photo is served: `/api/images/venues/{ownerId}/{file}`. Venues,
 * sections, dancers and bartenders hold these paths (or none: the placeholder is used).
 */
export const VENUE_IMAGE_PATH = /^\/api\/images\/venues\/([0-9a-f-]{36})\/[A-Za-z0-9-]{1,64}\.(jpg|png|webp)$/;
export function venueImagePath(ownerId: string, file: string): string {
  return `/api/images/venues/${ownerId}/${file}`;
}
/** Where an owner's upload waits (unchecked): `staging/venues/{ownerId}/{uuid}`. */
export const VENUE_STAGING_OBJECT = /staging\/venues\/([0-9a-f-]{36})\/([0-9a-f-]{36})(?:$|\?)/;
export const venueImageParamsSchema = z.object({
  ownerId: z.uuid({ error: 'Not a photo' }),
  file: z.string().regex(/^[A-Za-z0-9-]{1,64}\.(jpg|png|webp)$/, 'Not a photo'),
});
/** `?w=800`: a venue photo's (or placeholder's) smaller copy instead of the photo itself. */
export const venueImageQuerySchema = z.object({
  w: z.literal(String(VENUE_IMAGE_SMALL_WIDTH), { error: VENUE_IMAGE_MESSAGES.width }).optional(),
});
/** A list of an owner's photo paths (the service checks they are the session owner's). */
const venueImages = (max: number) =>
  z
    .array(z.string().max(300, VENUE_IMAGE_MESSAGES.imagePath).regex(VENUE_IMAGE_PATH, VENUE_IMAGE_MESSAGES.imagePath))
    .max(max, `At most ${max} images`)
    .default([]);

export const VENUE_MESSAGES = {
  name: 'Venue name is required',
  type: 'Choose club or yacht',
  subtype: 'Choose nightclub, lounge, hookah bar or strip club',
  city: 'City is required',
  state: 'State is required',
  address: 'Address is required',
  nameLength: tooLongMessage('Venue name', TEXT_LIMITS.venueName),
  cityLength: tooLongMessage('City', TEXT_LIMITS.city),
  stateLength: tooLongMessage('State', TEXT_LIMITS.state),
  addressLength: tooLongMessage('Address', TEXT_LIMITS.address),
  capacity: 'Capacity must be at least 1',
  price: 'Price per hour must be between $0.01 and $99,999,999.99',
  rating: 'Rating must be between 1 and 5 in steps of 0.1',
  tierHours: 'Tier hours must be a whole number of at least 1',
  tierPrice: 'Tier price must be between $0.01 and $10,000,000.00',
  cents: 'A price has at most two decimals (whole cents)',
  tierDuplicate: 'Each pricing tier needs different hours',
  subtypeForYacht: 'A yacht has no club subtype',
  notFound: 'Venue not found',
  notOwner: 'Only the owner can change this venue',
  upcomingBookings: 'This venue has upcoming bookings, so it cannot be deleted',
} as const;

/** An amount of money as the forms take it: whole cents between `min` and `max` dollars. */
const money = (min: number, max: number, message: string) =>
  z
    .number({ error: message })
    .min(min, message)
    .max(max, message)
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-4, VENUE_MESSAGES.cents);

/** A pricing tier: a price for a number of hours (docs/product.md#venues-pricing-tiers). */
export const pricingTierSchema = z.object({
  hours: z
    .number({ error: VENUE_MESSAGES.tierHours })
    .int(VENUE_MESSAGES.tierHours)
    .min(1, VENUE_MESSAGES.tierHours)
    .max(72, VENUE_MESSAGES.tierHours),
  // Charged as it is (a yacht's total for those hours), so whole cents: $0.004 would be a $0 charge.
  price: money(0.01, 10_000_000, VENUE_MESSAGES.tierPrice),
});
export type PricingTier = z.output<typeof pricingTierSchema>;

/**
 * Reads one stored tier: JSON text `{"hours":4,"price":2000}` (or the object itself), or the
 * legacy text `'4:2000'`. Null when it is neither.
 */
export function parsePricingTier(raw: unknown): PricingTier | null {
  let candidate: unknown = raw;
  if (typeof raw === 'string') {
    const legacy = /^\s*(\d+(?:\.\d+)?)\s*:\s*(\d+(?:\.\d+)?)\s*$/.exec(raw);
    if (legacy) candidate = { hours: Number(legacy[1]), price: Number(legacy[2]) };
    else {
      try {
        candidate = JSON.parse(raw);
      } catch {
        return null;
      }
    }
  }
  const r = pricingTierSchema.safeParse(candidate);
  return r.success ? r.data : null;
}

/** Tiers sorted by hours ascending, unreadable entries left out (reads stay tolerant of old data). */
export function readPricingTiers(raw: readonly unknown[] | null | undefined): PricingTier[] {
  return (raw ?? [])
    .map(parsePricingTier)
    .filter((t): t is PricingTier => t !== null)
    .sort((a, b) => a.hours - b.hours);
}

/** A tier as sent: an object, or the text forms (read into an object, then checked with the tier's own messages). */
function tierText(raw: unknown): unknown {
  if (typeof raw !== 'string') return raw;
  const legacy = /^\s*(-?\d+(?:\.\d+)?)\s*:\s*(-?\d+(?:\.\d+)?)\s*$/.exec(raw);
  if (legacy) return { hours: Number(legacy[1]), price: Number(legacy[2]) };
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

const tiersSchema = z
  .array(z.preprocess(tierText, pricingTierSchema))
  .max(20, 'At most 20 pricing tiers')
  .superRefine((tiers, ctx) => {
    const seen = new Set<number>();
    for (const t of tiers) {
      if (seen.has(t.hours)) ctx.addIssue({ code: 'custom', message: VENUE_MESSAGES.tierDuplicate });
      seen.add(t.hours);
    }
  })
  .transform((tiers) => [...tiers].sort((a, b) => a.hours - b.hours));

/** Required text: empty (or blanks) says `required`, too long says `tooLong`. */
const text = (max: number, required: string, tooLong: string) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong);
const list = (maxItems: number, maxLen: number) => z.array(z.string().trim().min(1).max(maxLen)).max(maxItems);

/** `POST /api/venues`: what an owner fills in (the owner is the session's user, never a field). */
export const venueInputSchema = z
  .object({
    name: text(TEXT_LIMITS.venueName, VENUE_MESSAGES.name, VENUE_MESSAGES.nameLength),
    type: z.enum(VENUE_TYPES, { error: VENUE_MESSAGES.type }),
    subtype: z.enum(VENUE_SUBTYPES, { error: VENUE_MESSAGES.subtype }).nullable().optional(),
    city: text(TEXT_LIMITS.city, VENUE_MESSAGES.city, VENUE_MESSAGES.cityLength),
    state: text(TEXT_LIMITS.state, VENUE_MESSAGES.state, VENUE_MESSAGES.stateLength),
    address: text(TEXT_LIMITS.address, VENUE_MESSAGES.address, VENUE_MESSAGES.addressLength),
    description: z.string().trim().max(5000, 'Description must be at most 5000 characters').default(''),
    images: venueImages(20),
    amenities: list(50, 100).default([]),
    capacity: z
      .number({ error: VENUE_MESSAGES.capacity })
      .int(VENUE_MESSAGES.capacity)
      .min(1, VENUE_MESSAGES.capacity)
      .max(100_000, VENUE_MESSAGES.capacity),
    pricePerHour: money(0.01, 99_999_999.99, VENUE_MESSAGES.price),
    rating: z
      .number({ error: VENUE_MESSAGES.rating })
      .min(1, VENUE_MESSAGES.rating)
      .max(5, VENUE_MESSAGES.rating)
      .refine((r) => Math.abs(r * 10 - Math.round(r * 10)) < 1e-9, VENUE_MESSAGES.rating)
      .optional(),
    hours: z.string().trim().max(200).nullable().optional(),
    yachtLength: z.number().positive('Yacht length must be greater than 0').max(1000).nullable().optional(),
    hasCaptain: z.boolean().default(false),
    responseRate: z.number().int().min(0).max(100).nullable().optional(),
    cancellationPolicy: z
      .enum(CANCELLATION_POLICIES, { error: CANCELLATION_POLICY_MESSAGE })
      .default(DEFAULT_CANCELLATION_POLICY),
    rules: list(50, 300).default([]),
    pricingTiers: tiersSchema.default([]),
  })
  .superRefine((v, ctx) => {
    if (v.type === 'yacht' && v.subtype)
      ctx.addIssue({ code: 'custom', path: ['subtype'], message: VENUE_MESSAGES.subtypeForYacht });
  });
export type VenueInput = z.input<typeof venueInputSchema>;
export type VenueDto = z.output<typeof venueInputSchema>;

/** A venue as the API returns it, with the read-only fields and the read forms. */
export const venueSchema = z.object({
  id: z.uuid(),
  ownerId: z.uuid(),
  name: z.string(),
  type: z.enum(VENUE_TYPES),
  subtype: z.enum(VENUE_SUBTYPES).nullable(),
  city: z.string(),
  state: z.string(),
  address: z.string(),
  description: z.string(),
  images: z.array(z.string()),
  amenities: z.array(z.string()),
  capacity: z.number().int(),
  pricePerHour: z.string(),
  rating: z.string(),
  hours: z.string().nullable(),
  yachtLength: z.number().nullable(),
  hasCaptain: z.boolean(),
  responseRate: z.number().int().nullable(),
  cancellationPolicy: z.enum(CANCELLATION_POLICIES),
  rules: z.array(z.string()),
  pricingTiers: z.array(pricingTierSchema),
  approvalStatus: z.enum(VENUE_APPROVAL),
  isActive: z.boolean(),
  createdAt: z.iso.datetime(),
  /** The first image, or the placeholder of its kind. */
  imageUrl: z.string(),
  /** '$1,250/hr' */
  formattedPrice: z.string(),
});
export type Venue = z.output<typeof venueSchema>;

/** '$1,250/hr' from a decimal string or number. */
export function formatHourlyPrice(price: string | number): string {
  const n = typeof price === 'number' ? price : Number(price);
  return `$${n.toLocaleString('en-US', { minimumFractionDigits: n % 1 === 0 ? 0 : 2, maximumFractionDigits: 2 })}/hr`;
}

export const venueIdParamsSchema = z.object({ id: z.uuid({ error: VENUE_MESSAGES.notFound }) });
export const venueLocationParamsSchema = z.object({
  city: z.string().trim().min(1).max(120),
  /** A US state by name or code ('Florida' or 'FL'), or another place as stored ('Monaco'). */
  state: z.string().trim().min(1).max(120),
  type: z.enum(VENUE_TYPE_FILTERS, { error: 'Type must be all, club or yacht' }),
});

/** `GET /api/venues/{city}/{state}/{type}?limit=&cursor=`: a page of the city's venues, newest first. */
export const venueLocationQuerySchema = z.object(pageQueryFields);

/** `GET /api/venues?state=&type=`: every public venue, or those of one state (name or code) and type. */
export const venueListQuerySchema = z.object({
  state: z.string().trim().min(1, 'State is required').max(120, tooLongMessage('State', 120)).optional(),
  type: z.enum(VENUE_TYPE_FILTERS, { error: 'Type must be all, club or yacht' }).optional(),
});

/** Unlimited simultaneous bookings of a section (docs/product.md#venues-sections). */
export const UNLIMITED_BOOKINGS = 999;

export const SECTION_MESSAGES = {
  name: 'Section name is required',
  type: 'Section type is required',
  nameLength: tooLongMessage('Section name', TEXT_LIMITS.sectionName),
  typeLength: tooLongMessage('Section type', TEXT_LIMITS.sectionType),
  capacity: 'Capacity must be at least 1',
  price: 'Price per hour must be between $0.01 and $99,999,999.99',
  maxBookings: 'Max simultaneous bookings must be at least 1',
  vipOnlyStripClub: 'VIP rooms are only for strip club venues',
  notFound: 'Section not found',
} as const;

/** `POST /api/venues/{id}/sections`, `PUT /api/sections/{id}`. */
export const sectionInputSchema = z.object({
  name: text(TEXT_LIMITS.sectionName, SECTION_MESSAGES.name, SECTION_MESSAGES.nameLength),
  type: text(TEXT_LIMITS.sectionType, SECTION_MESSAGES.type, SECTION_MESSAGES.typeLength),
  description: z.string().trim().max(2000, 'Description must be at most 2000 characters').default(''),
  images: venueImages(5),
  capacity: z
    .number({ error: SECTION_MESSAGES.capacity })
    .int(SECTION_MESSAGES.capacity)
    .min(1, SECTION_MESSAGES.capacity)
    .max(100_000, SECTION_MESSAGES.capacity),
  pricePerHour: money(0.01, 99_999_999.99, SECTION_MESSAGES.price),
  amenities: list(50, 100).default([]),
  isVipRoom: z.boolean().default(false),
  isExclusive: z.boolean().default(false),
  maxSimultaneousBookings: z
    .number({ error: SECTION_MESSAGES.maxBookings })
    .int(SECTION_MESSAGES.maxBookings)
    .min(1, SECTION_MESSAGES.maxBookings)
    .max(UNLIMITED_BOOKINGS, SECTION_MESSAGES.maxBookings)
    .default(UNLIMITED_BOOKINGS),
  isActive: z.boolean().default(true),
  /** Dollars; null: no minimum spend (docs/product.md#booking-deposits). */
  minimumSpend: minimumSpendField,
  /** The share of the total paid by card when booking, 0 to 100 (docs/product.md#booking-deposits). */
  depositPercent: depositPercentField,
});
export type SectionInput = z.input<typeof sectionInputSchema>;
export type SectionDto = z.output<typeof sectionInputSchema>;

/**
 * The booking rules of a section as stored: a VIP room is exclusive, and an exclusive section
 * takes one booking at a time (docs/product.md#venues-sections).
 */
export function sectionBookingRules(s: { isVipRoom: boolean; isExclusive: boolean; maxSimultaneousBookings: number }): {
  isExclusive: boolean;
  maxSimultaneousBookings: number;
} {
  const isExclusive = s.isVipRoom || s.isExclusive;
  return { isExclusive, maxSimultaneousBookings: isExclusive ? 1 : s.maxSimultaneousBookings };
}

/** The section's premium over its venue's hourly price, as shown: '+50%' (or '+0%'). */
export function premiumLabel(sectionPrice: number, venuePrice: number): string {
  if (!(venuePrice > 0)) return '+0%';
  const pct = Math.round((sectionPrice / venuePrice - 1) * 100);
  return `${pct >= 0 ? '+' : ''}${pct}%`;
}

export const sectionSchema = z.object({
  id: z.uuid(),
  venueId: z.uuid(),
  name: z.string(),
  type: z.string(),
  description: z.string(),
  images: z.array(z.string()),
  capacity: z.number().int(),
  pricePerHour: z.string(),
  amenities: z.array(z.string()),
  isVipRoom: z.boolean(),
  isExclusive: z.boolean(),
  maxSimultaneousBookings: z.number().int(),
  isActive: z.boolean(),
  createdAt: z.iso.datetime(),
  /** Section price over venue price: 1.5 */
  premiumMultiplier: z.number(),
  /** '+50%' */
  premiumLabel: z.string(),
  imageUrl: z.string(),
  /** '1000.00', or null: no minimum spend. */
  minimumSpend: z.string().nullable(),
  /** The deposit taken by card when booking, in percent of the total (0: none, booked as before). */
  depositPercent: z.number().int(),
});
export type Section = z.output<typeof sectionSchema>;
export const sectionIdParamsSchema = z.object({ id: z.uuid({ error: SECTION_MESSAGES.notFound }) });

/** Entertainers' price modifier (docs/product.md#venues-staff): 0.5 to 3.0 in steps of 0.01, default 1.00. */
export const PRICE_MODIFIER = { min: 0.5, max: 3, step: 0.01, default: 1 } as const;

export const STAFF_MESSAGES = {
  name: 'Name is required',
  nameLength: tooLongMessage('Name', TEXT_LIMITS.staffName),
  priceModifier: 'Price modifier must be between 0.5 and 3.0 in steps of 0.01',
  dancerNotFound: 'Dancer not found',
  bartenderNotFound: 'Bartender not found',
  images: 'At most 5 images',
} as const;

const staffFields = {
  name: text(TEXT_LIMITS.staffName, STAFF_MESSAGES.name, STAFF_MESSAGES.nameLength),
  description: z.string().trim().max(2000, 'Description must be at most 2000 characters').default(''),
  images: venueImages(5),
  specialties: list(20, 60).default([]),
  isAvailable: z.boolean().default(true),
  isActive: z.boolean().default(true),
};

/** `POST /api/venues/{id}/dancers`, `PUT /api/dancers/{id}`. */
export const dancerInputSchema = z.object({
  ...staffFields,
  priceModifier: z
    .number({ error: STAFF_MESSAGES.priceModifier })
    .min(PRICE_MODIFIER.min, STAFF_MESSAGES.priceModifier)
    .max(PRICE_MODIFIER.max, STAFF_MESSAGES.priceModifier)
    .refine((p) => Math.abs(p * 100 - Math.round(p * 100)) < 1e-6, STAFF_MESSAGES.priceModifier)
    .default(PRICE_MODIFIER.default),
});
export type DancerInput = z.input<typeof dancerInputSchema>;
export type DancerDto = z.output<typeof dancerInputSchema>;

/** `POST /api/venues/{id}/bartenders`, `PUT /api/bartenders/{id}`. */
export const bartenderInputSchema = z.object(staffFields);
export type BartenderInput = z.input<typeof bartenderInputSchema>;
export type BartenderDto = z.output<typeof bartenderInputSchema>;

const staffRead = {
  id: z.uuid(),
  venueId: z.uuid(),
  name: z.string(),
  description: z.string(),
  images: z.array(z.string()),
  specialties: z.array(z.string()),
  isAvailable: z.boolean(),
  isActive: z.boolean(),
  createdAt: z.iso.datetime(),
  imageUrl: z.string(),
};
export const dancerSchema = z.object({
  ...staffRead,
  /** The entertainer account linked to this dancer, if any. */
  entertainerUserId: z.uuid().nullable(),
  /** '1.25' (a decimal string, docs/product.md#venues-staff). */
  priceModifier: z.string(),
});
export type Dancer = z.output<typeof dancerSchema>;
export const bartenderSchema = z.object(staffRead);
export type Bartender = z.output<typeof bartenderSchema>;
export const staffIdParamsSchema = z.object({ id: z.uuid({ error: 'Not found' }) });
