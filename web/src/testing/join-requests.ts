import type { JoinRequest } from '@luxe/contracts';

let seq = 0;
const uuid = (prefix: string, n: number) => `${prefix}-0000-4000-8000-${String(n).padStart(12, '0')}`;

type Guest = NonNullable<JoinRequest['guest']>;

/** A join request as GET /api/event-join-requests (?bookingId= and /guest) and the decisions answer it. */
export function makeJoinRequest(
  overrides: Omit<Partial<JoinRequest>, 'guest'> & { guest?: Partial<Guest> | null } = {},
): JoinRequest {
  seq += 1;
  const { guest, ...rest } = overrides;
  const guestId = rest.guestId ?? uuid('d0000000', seq);
  return {
    id: uuid('e0000000', seq),
    guestId,
    hostId: '6f1c2a7e-2b9d-4a53-9f44-0d6c8a1f2b3c',
    bookingId: uuid('b0000000', 900 + seq),
    status: 'pending',
    message: null,
    createdAt: '2099-05-01T15:30:00.000Z',
    bookingDate: '2099-06-06',
    startTime: '22:00',
    endTime: '02:00',
    venueName: `Venue ${seq}`,
    venueType: 'club',
    sectionType: 'VIP Booth',
    host: { id: '6f1c2a7e-2b9d-4a53-9f44-0d6c8a1f2b3c', firstName: 'Ava' },
    ...rest,
    guest:
      guest === null
        ? null
        : {
            id: guestId,
            firstName: `Guest${seq}`,
            lastName: 'Doe',
            profileImages: [],
            age: 27,
            city: 'Miami, FL',
            verified: false,
            ...guest,
          },
  };
}
