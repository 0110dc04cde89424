import type { MemberCardView } from '@luxe/contracts';
import type { MemberCard } from './catalog.entity';

/** How a member shows when his card has not arrived yet (or he is gone). */
function unknownMember(id: string): MemberCardView {
  return {
    id,
    firstName: 'Member',
    lastName: '',
    userType: 'guest',
    age: null,
    city: '',
    state: '',
    bio: null,
    profileImages: [],
    verified: false,
  };
}

export function toMemberView(card: MemberCard | undefined, id: string): MemberCardView {
  if (!card) return unknownMember(id);
  return {
    id: card.userId,
    firstName: card.firstName,
    lastName: card.lastName,
    userType: card.userType,
    age: card.age,
    city: card.city,
    state: card.state,
    bio: card.bio,
    profileImages: card.profileImages ?? [],
    verified: card.emailVerified === true,
  };
}
