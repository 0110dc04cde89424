import type { Invite, MemberCardView } from '@luxe/contracts';

let seq = 0;
const uuid = (prefix: string, n: number) => `${prefix}-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A member card as GET /api/users/potential-matches and the invites carry it. */
export function makeMember(overrides: Partial<MemberCardView> = {}): MemberCardView {
  seq += 1;
  return {
    id: uuid('f0000000', seq),
    firstName: `Member${seq}`,
    lastName: 'Doe',
    userType: 'guest',
    age: 27,
    city: 'Miami, FL',
    state: 'Florida',
    bio: 'Sunset sails, house music and good champagne.',
    profileImages: [`/img/member-${seq}.jpg`],
    verified: false,
    ...overrides,
  };
}

/** An invite as GET /api/invites/received and /sent answer it (pending, from a host to a guest). */
export function makeInvite(
  overrides: Omit<Partial<Invite>, 'host' | 'guest'> & {
    host?: Partial<MemberCardView>;
    guest?: Partial<MemberCardView>;
  } = {},
): Invite {
  seq += 1;
  const { host, guest, ...rest } = overrides;
  const hostCard = makeMember({ userType: 'host', ...host });
  const guestCard = makeMember({ userType: 'guest', ...guest });
  return {
    id: uuid('10000000', seq),
    hostId: hostCard.id,
    guestId: guestCard.id,
    bookingId: null,
    status: 'pending',
    eventTitle: `Event ${seq}`,
    eventDescription: '',
    eventDate: '2099-06-06',
    eventTime: null,
    createdAt: '2099-05-01T15:30:00.000Z',
    respondedAt: null,
    host: hostCard,
    guest: guestCard,
    friendCount: 0,
    friends: [],
    ...rest,
  };
}
