import { ownerBookingSchema, type Booking, type OwnerBooking } from '@luxe/contracts';

let seq = 0;
const uuid = (prefix: string, n: number) => `${prefix}-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A booking as GET /api/bookings/user and /api/bookings/host answer it. */
export function makeBooking(overrides: Partial<Booking> = {}): Booking {
  seq += 1;
  return {
    id: uuid('b0000000', seq),
    hostId: '6f1c2a7e-2b9d-4a53-9f44-0d6c8a1f2b3c',
    venueId: uuid('a0000000', seq),
    venueName: `Venue ${seq}`,
    venueType: 'club',
    venueCity: 'Miami, FL',
    venueState: 'Florida',
    venueImage: '/api/placeholder-venue',
    sectionId: uuid('c0000000', seq),
    sectionType: 'VIP Booth',
    section: 'Booth 1',
    dancerId: null,
    bookingDate: '2099-06-06',
    startTime: '22:00',
    endTime: '02:00',
    duration: 4,
    totalCost: '1700.00',
    friends: '[]',
    guestVisibility: 'both',
    status: 'confirmed',
    eventDescription: null,
    createdAt: '2099-05-01T15:30:00.000Z',
    holdExpiresAt: null,
    cancellationPolicy: 'moderate',
    amountPaid: '0.00',
    refundAmount: null,
    cancelledAt: null,
    minimumSpend: null,
    depositPercent: 0,
    depositAmount: '0.00',
    balanceDue: '1700.00',
    ...overrides,
  };
}

/** The fields of a booking the owner sees: the contract's own pick (everything but the name it adds). */
const OWNER_FIELDS = Object.keys(ownerBookingSchema.shape).filter((k) => k !== 'hostName') as Array<
  keyof Booking & keyof OwnerBooking
>;

/** The owner's view of a booking (GET /api/venue-owner-bookings): makeBooking's, as the contract picks it. */
export function makeOwnerBooking(overrides: Partial<OwnerBooking> = {}): OwnerBooking {
  const booking = makeBooking();
  const picked = Object.fromEntries(OWNER_FIELDS.map((k) => [k, booking[k]])) as Omit<OwnerBooking, 'hostName'>;
  return { ...picked, hostName: 'Hugo', ...overrides };
}
