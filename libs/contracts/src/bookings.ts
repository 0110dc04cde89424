import { addDays, addHours, eachDayOfInterval, endOfMonth, format, isValid, parseISO, startOfMonth } from 'date-fns';
import { formatInTimeZone, fromZonedTime } from 'date-fns-tz';
import { z } from 'zod';
import { CANCELLATION_POLICIES } from './cancellation';
import { bookingDepositFields } from './deposits';
import { uploadFieldsSchema } from './profile';
import { TEXT_LIMITS, tooLongMessage } from './text-limits';
import { parsePricingTier, type PricingTier } from './venues';

/** Times are America/New_York (shown as EST, docs/product.md#conventions-time). */
export const BOOKING_TIME_ZONE = 'America/New_York';
/** Start times: every hour from 6:00 PM to 2:00 AM (docs/product.md#booking-slots): 9 options. */
export const START_TIMES = ['18:00', '19:00', '20:00', '21:00', '22:00', '23:00', '00:00', '01:00', '02:00'] as const;
export type StartTime = (typeof START_TIMES)[number];
export const DURATION_HOURS = { min: 1, max: 6 } as const;
/** A yacht is booked whole: section id -1, 'Full Yacht' (docs/product.md#booking-yachts). */
export const FULL_YACHT = { sectionId: -1, sectionType: 'Full Yacht' } as const;
/** How long a started payment keeps its slot. */
export const HOLD_MINUTES = 15;
/**
 * Holds one member may keep waiting for payment at once (docs/booking-lifecycle.md): each blocks a slot for
 * HOLD_MINUTES, so without a cap one member could block every yacht of a city.
 */
export const MAX_LIVE_HOLDS = 3;
/** How far ahead a booking may be made: a far date would block a slot nobody will use. */
export const BOOKING_HORIZON_DAYS = 365;
export const GUEST_VISIBILITY = ['men', 'women', 'both'] as const;

export const BOOKING_MESSAGES = {
  venue: 'Venue not found',
  date: 'Choose a date',
  pastDate: 'The date cannot be earlier than today',
  tooFar: `Bookings open up to ${BOOKING_HORIZON_DAYS} days ahead`,
  tooManyHolds: `You already have ${MAX_LIVE_HOLDS} bookings waiting for payment. Pay for or release one of them first.`,
  dancerTaken: 'This entertainer is already booked at that time. Please choose another time or entertainer.',
  belowCardMinimum: 'Card payments start at $0.50: this booking is too small to be paid by card',
  startTime: 'Choose a start time between 6:00 PM and 2:00 AM',
  duration: 'Duration must be 1 to 6 hours',
  section: 'Choose a section',
  sectionNotFound: 'Section not found',
  dancer: 'Entertainers can only be chosen for VIP rooms of strip clubs',
  dancerNotFound: 'Entertainer not found',
  slotTaken: 'This time is no longer available. Please choose another time.',
  holdExpired: 'Your reservation expired. Please start a new booking.',
  notFound: 'Booking not found',
  yachtByPayment: 'A yacht is booked by paying for it: start the payment first',
  notYacht: 'Only yachts and sections that take a deposit are paid by card',
  visibility: 'Show to Men, Women or Both',
  visibilityBothAlone: 'Choose Both on its own: it already includes Men and Women',
} as const;

/** End time = start hour + duration, wrapped at 24 h, on the hour (docs/product.md#booking-slots). */
export function endTimeOf(startTime: string, duration: number): string {
  const h = Number(startTime.slice(0, 2));
  return `${String((h + duration) % 24).padStart(2, '0')}:00`;
}

/**
 * The instant of each night and start time bookingWindow has converted (a pure function of them;
 * fromZonedTime costs a fifth of a millisecond on every booking). Bounded: a year of nights at
 * every start time is a few thousand.
 */
const windowStarts = new Map<string, number>();

/**
 * The booking's window as instants. The date is the night's date: 18:00–23:00 start that
 * evening, 00:00–02:00 start after midnight (the next calendar day), in America/New_York.
 * Windows that cross midnight are ordinary ranges, so overlap is a range overlap.
 */
export function bookingWindow(
  bookingDate: string,
  startTime: string,
  duration: number,
): { startsAt: Date; endsAt: Date } {
  const key = `${bookingDate}T${startTime}`;
  let start = windowStarts.get(key);
  if (start === undefined) {
    const hour = Number(startTime.slice(0, 2));
    const day = hour < 12 ? format(addDays(parseISO(bookingDate), 1), 'yyyy-MM-dd') : bookingDate;
    start = fromZonedTime(`${day}T${startTime}:00`, BOOKING_TIME_ZONE).getTime();
    if (windowStarts.size >= 10_000) windowStarts.clear();
    windowStarts.set(key, start);
  }
  const startsAt = new Date(start);
  return { startsAt, endsAt: addHours(startsAt, duration) };
}

/** Every night of a date's month, in order ('2026-11-22' → '2026-11-01' … '2026-11-30'): the availability's month. */
export function nightsOfMonth(date: string): string[] {
  const d = parseISO(date);
  return eachDayOfInterval({ start: startOfMonth(d), end: endOfMonth(d) }).map((x) => format(x, 'yyyy-MM-dd'));
}

/**
 * New York's date changes at its midnight, always on a whole UTC minute (its offsets are whole
 * hours): the dates below are computed once per minute (formatInTimeZone costs a tenth of a
 * millisecond, twice on every booking).
 */
let newYorkDates: { minute: number; today: string; lastBookable: string } | null = null;
function newYorkDatesAt(now: Date): { today: string; lastBookable: string } {
  const minute = Math.floor(now.getTime() / 60_000);
  if (newYorkDates?.minute !== minute) {
    const today = formatInTimeZone(now, BOOKING_TIME_ZONE, 'yyyy-MM-dd');
    const lastBookable = format(addDays(parseISO(today), BOOKING_HORIZON_DAYS), 'yyyy-MM-dd');
    newYorkDates = { minute, today, lastBookable };
  }
  return newYorkDates;
}

/** Today's date in America/New_York ('2026-11-22'). */
export function todayInNewYork(now: Date = new Date()): string {
  return newYorkDatesAt(now).today;
}

/** The last night that may be booked today (New York's date + BOOKING_HORIZON_DAYS). */
export function lastBookableDate(now: Date = new Date()): string {
  return newYorkDatesAt(now).lastBookable;
}

/**
 * What is wrong with a night chosen in a booking form ('yyyy-MM-dd', as a date input gives it),
 * or null when it may be booked: none or no real date, before today, or past the horizon. A date
 * input lets a year of five digits through ('20266-05-01', which also sorts before '2026-…').
 */
export function bookingDateProblem(date: string, now: Date = new Date()): string | null {
  const shape = /^(\d{4,})-\d{2}-\d{2}$/.exec(date);
  if (!shape) return BOOKING_MESSAGES.date;
  if (shape[1]!.length > 4) return BOOKING_MESSAGES.tooFar;
  if (!isValid(parseISO(date))) return BOOKING_MESSAGES.date;
  if (date < todayInNewYork(now)) return BOOKING_MESSAGES.pastDate;
  if (date > lastBookableDate(now)) return BOOKING_MESSAGES.tooFar;
  return null;
}

/** Yacht price: the tier for exactly these hours, else the hourly price × hours, rounded (docs/product.md#booking-pricing). */
export function yachtPrice(
  venue: { pricePerHour: number | string; pricingTiers: readonly unknown[] },
  hours: number,
): number {
  const tiers = venue.pricingTiers.map(parsePricingTier).filter((t): t is PricingTier => t !== null);
  const tier = tiers.find((t) => t.hours === hours);
  return tier ? tier.price : Math.round(Number(venue.pricePerHour) * hours);
}

/** A bookable duration that costs less than a shorter one ('6 hours: $2,000, less than 5 hours: $2,500'). */
export interface YachtPriceDrop {
  hours: number;
  price: number;
  shorterHours: number;
  shorterPrice: number;
}

/**
 * The bookable durations (DURATION_HOURS) a yacht would sell for less than a shorter one, priced
 * as bookings are (yachtPrice: the tier for those hours, else the hourly price × hours), each with
 * the dearest shorter duration. The owner's form warns before saving such tiers; the server takes
 * them (a cheaper longer trip may be a deliberate offer), so this is advice, never a refusal.
 */
export function yachtPriceDrops(venue: {
  pricePerHour: number | string;
  pricingTiers: readonly unknown[];
}): YachtPriceDrop[] {
  const drops: YachtPriceDrop[] = [];
  let dearest: { hours: number; price: number } | null = null;
  for (let hours = DURATION_HOURS.min; hours <= DURATION_HOURS.max; hours++) {
    const price = yachtPrice(venue, hours);
    if (!Number.isFinite(price)) return [];
    if (dearest && price < dearest.price)
      drops.push({ hours, price, shorterHours: dearest.hours, shorterPrice: dearest.price });
    if (!dearest || price >= dearest.price) dearest = { hours, price };
  }
  return drops;
}

/** Section price: the hourly price × the entertainer's modifier (if one is chosen), rounded, × hours (docs/product.md#booking-pricing). */
export function sectionPrice(
  pricePerHour: number | string,
  hours: number,
  priceModifier?: number | string | null,
): number {
  const hourly = Math.round(Number(pricePerHour) * (priceModifier == null ? 1 : Number(priceModifier)));
  return hourly * hours;
}

/** '1700.00': how totals travel (a string, docs/product.md#conventions-money). */
export const money = (n: number): string => n.toFixed(2);

const isoDate = z
  .string({ error: BOOKING_MESSAGES.date })
  .regex(/^\d{4}-\d{2}-\d{2}$/, BOOKING_MESSAGES.date)
  .refine(
    (d) => !Number.isNaN(parseISO(d).getTime()) && format(parseISO(d), 'yyyy-MM-dd') === d,
    BOOKING_MESSAGES.date,
  );

export const FRIEND_MESSAGES = {
  name: 'Friend name is required',
  nameLength: tooLongMessage('Friend name', TEXT_LIMITS.friendName),
  phoneLength: tooLongMessage('Phone number', TEXT_LIMITS.friendPhone),
  instagramLength: tooLongMessage('Instagram handle', TEXT_LIMITS.friendInstagram),
  notFound: 'Invite Not Found',
  notFoundText: 'This invite link is invalid or has expired',
  picture: 'The picture must be a JPG, PNG or WebP image of at most 5 MB',
  friendNotFound: 'Friend not found',
} as const;

/** 'men', 'women', 'both', or several joined by commas (docs/product.md#booking-guest-visibility); default both. */
const visibilityList = z
  .string({ error: BOOKING_MESSAGES.visibility })
  .trim()
  .superRefine((v, ctx) => {
    const parts = new Set(v.split(',').map((p) => p.trim()));
    if (![...parts].every((p) => (GUEST_VISIBILITY as readonly string[]).includes(p)))
      ctx.addIssue({ code: 'custom', message: BOOKING_MESSAGES.visibility });
    // 'men,both' would say both things at once (and the form showed Both chosen beside Men).
    else if (parts.has('both') && parts.size > 1)
      ctx.addIssue({ code: 'custom', message: BOOKING_MESSAGES.visibilityBothAlone });
  })
  .transform((v) => [...new Set(v.split(',').map((p) => p.trim()))].join(','));
const visibility = visibilityList.default('both');

const friendName = z
  .string({ error: FRIEND_MESSAGES.name })
  .trim()
  .min(1, FRIEND_MESSAGES.name)
  .max(TEXT_LIMITS.friendName, FRIEND_MESSAGES.nameLength);

/** The booking-flow friends: a JSON list as text (the spec's shape) or the list itself; names only are kept. */
const friendsList = z
  .preprocess(
    (raw) => {
      if (typeof raw !== 'string') return raw ?? [];
      try {
        return JSON.parse(raw);
      } catch {
        return raw;
      }
    },
    z
      .array(
        z.union([
          friendName,
          z
            .object({ name: friendName })
            .loose()
            .transform((f) => f.name),
        ]),
      )
      .max(50, 'At most 50 friends'),
  )
  .default([]);

/** The slot a booking or hold asks for. */
const slotFields = {
  venueId: z.uuid({ error: BOOKING_MESSAGES.venue }),
  bookingDate: isoDate,
  startTime: z.enum(START_TIMES, { error: BOOKING_MESSAGES.startTime }),
  duration: z.coerce
    .number({ error: BOOKING_MESSAGES.duration })
    .int(BOOKING_MESSAGES.duration)
    .min(DURATION_HOURS.min, BOOKING_MESSAGES.duration)
    .max(DURATION_HOURS.max, BOOKING_MESSAGES.duration),
  eventDescription: z.string().trim().max(2000, 'Description must be at most 2000 characters').nullable().optional(),
};

/** What is booked: a section (`sectionId` -1 or none: a whole yacht) and, optionally, an entertainer. */
const bookedUnitFields = {
  sectionId: z
    .union([z.literal(-1), z.literal('-1'), z.uuid({ error: BOOKING_MESSAGES.sectionNotFound })])
    .nullable()
    .optional()
    .transform((s) => (s === -1 || s === '-1' || s == null ? null : s)),
  dancerId: z.uuid({ error: BOOKING_MESSAGES.dancerNotFound }).nullable().optional(),
};

/**
 * `POST /api/bookings`: the spec's booking payload (docs/product.md#booking-sections). The server
 * decides the host (the session), the venue's name and type, the section type, the end time, the
 * status and the total: those fields are accepted and ignored. `sectionId` -1 (or none) books a
 * whole yacht. `holdId`: after a yacht payment, the booking its hold became (never a second one).
 */
export const bookingInputSchema = z.object({
  ...slotFields,
  ...bookedUnitFields,
  friends: friendsList,
  guestVisibility: visibility,
  holdId: z.uuid().optional(),
});
export type BookingInput = z.input<typeof bookingInputSchema>;
/** `PUT /api/bookings/{id}/guest-visibility`: who may discover the event ('Show to Guests' of the confirmation). */
export const guestVisibilityInputSchema = z.object({ guestVisibility: visibilityList });
export const bookingIdParamsSchema = z.object({ id: z.uuid({ error: BOOKING_MESSAGES.notFound }) });
export type BookingDto = z.output<typeof bookingInputSchema>;

/**
 * `POST /api/create-payment-intent`: the yacht slot to hold and pay for
 * (docs/product.md#booking-holds, plus date, time, description and friends count); or a club
 * section that takes a deposit (`sectionId`, with an optional entertainer and who may discover the
 * event): its deposit is what is paid.
 */
export const paymentIntentInputSchema = z.object({
  ...slotFields,
  friendsCount: z.coerce.number().int().min(0).max(50).default(0),
  /**
   * The friends the host added in the yacht flow before the booking existed (POST /api/friends
   * without a booking): the hold takes them, so they are the booking's friends.
   * Only his own friends not yet on a booking are taken; others are ignored.
   */
  friendIds: z
    .array(z.uuid({ error: FRIEND_MESSAGES.friendNotFound }))
    .max(50, FRIEND_MESSAGES.friendNotFound)
    .optional(),
  ...bookedUnitFields,
  guestVisibility: visibility,
});
export type PaymentIntentInput = z.input<typeof paymentIntentInputSchema>;
export type PaymentIntentDto = z.output<typeof paymentIntentInputSchema>;

export const BOOKING_STATUSES = ['held', 'confirmed', 'cancelled', 'completed', 'expired'] as const;

/** A booking as the API returns it (docs/product.md#booking, with the fields of docs/product.md#dashboard-my-bookings). */
export const bookingSchema = z.object({
  id: z.uuid(),
  hostId: z.uuid(),
  venueId: z.uuid(),
  venueName: z.string(),
  venueType: z.enum(['club', 'yacht']),
  venueCity: z.string(),
  venueState: z.string(),
  venueImage: z.string(),
  sectionId: z.uuid().nullable(),
  sectionType: z.string(),
  /** The section's name ('Full Yacht' for a yacht). */
  section: z.string(),
  dancerId: z.uuid().nullable(),
  bookingDate: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  duration: z.number().int(),
  totalCost: z.string(),
  friends: z.string(),
  guestVisibility: z.string(),
  status: z.enum(BOOKING_STATUSES),
  eventDescription: z.string().nullable(),
  createdAt: z.iso.datetime(),
  /** Until when a held slot is kept (a started payment), else null. */
  holdExpiresAt: z.iso.datetime().nullable(),
  /** The venue's cancellation policy when it was booked (what checkout showed applies). */
  cancellationPolicy: z.enum(CANCELLATION_POLICIES),
  /** What was paid by card ('0.00' for a club booking confirmed without payment). */
  amountPaid: z.string(),
  /** What cancelling refunded (null until cancelled). */
  refundAmount: z.string().nullable(),
  cancelledAt: z.iso.datetime().nullable(),
  /** Minimum spend, deposit and balance due at the venue (docs/product.md#booking-deposits, `deposits.ts`). */
  ...bookingDepositFields,
});
export type Booking = z.output<typeof bookingSchema>;

/** The owner's view of a booking at his venues (docs/product.md#venues-bookings). */
/**
 * A booking at the owner's venue, as the owner sees it: the host's first name (what the owner needs
 * at the door; not his contact details) and the friends, never the host's id or payment details.
 */
export const ownerBookingSchema = bookingSchema
  .pick({
    id: true,
    venueId: true,
    venueName: true,
    venueType: true,
    sectionType: true,
    status: true,
    bookingDate: true,
    startTime: true,
    duration: true,
    totalCost: true,
    guestVisibility: true,
    friends: true,
    createdAt: true,
    refundAmount: true,
    depositAmount: true,
    balanceDue: true,
  })
  .extend({ hostName: z.string() });

export const OWNER_BOOKING_MESSAGES = {
  from: 'From must be a date (YYYY-MM-DD)',
  to: 'To must be a date (YYYY-MM-DD)',
  range: 'From must not be after To',
  venueId: 'Venue must be a venue id',
} as const;

const filterDate = (message: string) =>
  z
    .string({ error: message })
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine((d) => !Number.isNaN(parseISO(d).getTime()) && format(parseISO(d), 'yyyy-MM-dd') === d, message);

/** `GET /api/venue-owner-bookings?from=&to=&venueId=`: the owner's filters (dates inclusive, by booking date). */
export const ownerBookingsQuerySchema = z
  .object({
    from: filterDate(OWNER_BOOKING_MESSAGES.from).optional(),
    to: filterDate(OWNER_BOOKING_MESSAGES.to).optional(),
    venueId: z.uuid({ error: OWNER_BOOKING_MESSAGES.venueId }).optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: OWNER_BOOKING_MESSAGES.range, path: ['from'] });
export type OwnerBookingsQuery = z.output<typeof ownerBookingsQuerySchema>;
export type OwnerBooking = z.output<typeof ownerBookingSchema>;

/**
 * `GET /api/venues/{id}/availability?date=&sectionId=&duration=&dancerId=` (docs/product.md#booking-slots): what the
 * booking page's time grid and date picker grey out. The unit is the section (a club) or the whole
 * yacht (no section); the duration is the one chosen (default 1 hour: a start time taken for one
 * hour is taken for any). With the entertainer chosen for a VIP room, the times he is booked
 * (in any room of the club) are taken too: he is one person (BOOKING_ERRORS.DANCER_TAKEN).
 */
export const availabilityParamsSchema = z.object({ id: z.uuid({ error: BOOKING_MESSAGES.venue }) });
export const availabilityQuerySchema = z.object({
  date: isoDate,
  sectionId: z.uuid({ error: BOOKING_MESSAGES.sectionNotFound }).optional(),
  dancerId: z.uuid({ error: BOOKING_MESSAGES.dancerNotFound }).optional(),
  duration: z.coerce
    .number({ error: BOOKING_MESSAGES.duration })
    .int(BOOKING_MESSAGES.duration)
    .min(DURATION_HOURS.min, BOOKING_MESSAGES.duration)
    .max(DURATION_HOURS.max, BOOKING_MESSAGES.duration)
    .default(DURATION_HOURS.min),
});
export type AvailabilityQuery = z.input<typeof availabilityQuerySchema>;
export const availabilitySchema = z.object({
  date: z.string(),
  duration: z.number().int(),
  /**
   * Start times of `date` that cannot be booked for `duration` hours: the unit is full (confirmed
   * bookings and live holds), or the chosen entertainer is booked then.
   */
  takenStartTimes: z.array(z.enum(START_TIMES)),
  /** Those of takenStartTimes taken only because the chosen entertainer is booked then (the unit is free): said with AVAILABILITY_REASONS.dancerTaken. Empty without dancerId. */
  dancerTakenStartTimes: z.array(z.enum(START_TIMES)),
  /** Nights of `date`'s month on which every start time is full for one hour: sold out. */
  soldOutDates: z.array(z.string()),
});
export type Availability = z.output<typeof availabilitySchema>;
/** Why the booking page disables a start time, in words beside it (the unit being full says its duration there). */
export const AVAILABILITY_REASONS = {
  dancerTaken: 'Entertainer booked',
} as const;

/** A held slot: the booking waiting for its payment, its price and until when it is kept. */
export const holdSchema = bookingSchema;
export type Hold = Booking;

/** A friend's picture sent as a data URL (the invite page): at most 5 MB of image. */
export const FRIEND_PICTURE_MAX_BYTES = 5 * 1024 * 1024;

/** Where a friend's picture is served: `/api/images/friends/{friendId}/{file}`. */
export const FRIEND_IMAGE_PATH = /^\/api\/images\/friends\/([0-9a-f-]{36})\/[A-Za-z0-9-]{1,64}\.(jpg|png|webp)$/;
export function friendImagePath(friendId: string, file: string): string {
  return `/api/images/friends/${friendId}/${file}`;
}
/** Where a friend picture upload waits (unchecked): `staging/friends/{friendId}/{uuid}`. */
export const FRIEND_STAGING_OBJECT = /staging\/friends\/([0-9a-f-]{36})\/([0-9a-f-]{36})(?:$|\?)/;

/** `POST /api/friends`: a friend of the signed-in host (docs/product.md#booking-friends), optionally for one of his bookings. */
export const friendInputSchema = z.object({
  name: friendName,
  phoneNumber: z.string().trim().max(TEXT_LIMITS.friendPhone, FRIEND_MESSAGES.phoneLength).nullable().optional(),
  instagram: z.string().trim().max(TEXT_LIMITS.friendInstagram, FRIEND_MESSAGES.instagramLength).nullable().optional(),
  bookingId: z.uuid().nullable().optional(),
});
export type FriendInput = z.input<typeof friendInputSchema>;
export type FriendDto = z.output<typeof friendInputSchema>;

export const friendSchema = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  bookingId: z.uuid().nullable(),
  name: z.string(),
  phoneNumber: z.string().nullable(),
  instagram: z.string().nullable(),
  profilePicture: z.string().nullable(),
  /** The link to send the friend: `/friend-invite/{token}` (the token is unguessable). */
  inviteUrl: z.string(),
  claimed: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type Friend = z.output<typeof friendSchema>;
export const friendIdParamsSchema = z.object({ id: z.uuid({ error: FRIEND_MESSAGES.friendNotFound }) });
export const inviteTokenParamsSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, FRIEND_MESSAGES.notFound),
});
/** `POST /api/friends/{id}/images`: where to POST the picture, with its form fields (docs/product.md#public-friend-invite; the first product named it uploadUrl; uploadFieldsSchema). */
export const friendUploadSchema = z.object({ uploadUrl: z.url(), fields: uploadFieldsSchema, objectPath: z.string() });
/** `GET /api/friends/invite/{token}`. */
export const friendInviteSchema = z.object({ name: z.string(), profilePicture: z.string().nullable() });
/** `PATCH /api/friends/claim/{token}`: the picture as a data URL. */
export const friendClaimSchema = z.object({
  profilePicture: z
    .string({ error: FRIEND_MESSAGES.picture })
    .max(Math.ceil((FRIEND_PICTURE_MAX_BYTES * 4) / 3) + 100, FRIEND_MESSAGES.picture)
    .regex(/^data:image\/[a-z+.-]+;base64,[A-Za-z0-9+/=\s]+$/, FRIEND_MESSAGES.picture),
});

/**
 * `GET /api/payments/config`: what the card form needs. `provider`: who takes the payment (`test`:
 * the embedded mode's test provider, a card form of our own and no Stripe.js; null: card payments
 * are not configured); `publishableKey`: Stripe's, null unless the provider is Stripe.
 */
export const paymentConfigSchema = z.object({
  provider: z.enum(['stripe', 'test']).nullable(),
  publishableKey: z.string().nullable(),
});
export type PaymentConfig = z.output<typeof paymentConfigSchema>;
/** `POST /api/create-payment-intent`: the card payment of a held slot; `depositAmount` is what is charged now (a yacht's total), `balanceDue` is paid at the venue. */
export const paymentIntentSchema = z.object({
  clientSecret: z.string(),
  paymentIntentId: z.string(),
  bookingId: z.uuid(),
  totalCost: z.string(),
  holdExpiresAt: z.iso.datetime(),
  depositAmount: z.string(),
  balanceDue: z.string(),
});
/** What the payments service receives for it: the hold the gateway placed with bookings. */
export const paymentIntentServiceBodySchema = z.object({ hold: holdSchema, friendsCount: z.number().int().min(0) });
/** What the payments service receives for a Stripe webhook: the raw body and its signature header, untouched. */
export const stripeWebhookServiceBodySchema = z.object({
  payload: z.string().max(1_000_000),
  signature: z.string().max(2000),
});
