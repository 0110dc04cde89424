import { describe, expect, it } from 'vitest';
import type { MemberCardView } from '@luxe/contracts';
import { inviteDeck } from './invite-candidates';

const member = (firstName: string, city: string): MemberCardView => ({
  id: `00000000-0000-4000-8000-${firstName.padStart(12, '0').slice(-12)}`,
  firstName,
  lastName: '',
  userType: 'guest',
  age: null,
  city,
  state: 'Florida',
  bio: null,
  profileImages: [],
  verified: false,
});

describe('the Event Invites deck', () => {
  it("puts guests of the host's city first (by the name part of 'Miami, FL'), then the state, and keeps 3", () => {
    const members = [
      member('ann', 'Orlando, FL'),
      member('bea', 'Miami, FL'),
      member('cat', 'Tampa, FL'),
      member('dee', 'miami'),
      member('eve', 'Miami Beach, FL'),
    ];
    expect(inviteDeck(members, 'Miami, FL').map((m) => m.firstName)).toEqual(['bea', 'dee', 'ann']);
  });

  it('without a known city keeps the order it was given', () => {
    const members = [member('ann', 'Orlando, FL'), member('bea', 'Miami, FL')];
    expect(inviteDeck(members, '').map((m) => m.firstName)).toEqual(['ann', 'bea']);
  });
});
