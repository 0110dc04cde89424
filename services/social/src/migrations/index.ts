import { ERASURE_MIGRATIONS } from '@luxe/platform/db';
import { CreateSocialCatalog1700000014000 } from './1700000014000-create-social-catalog';
import { CreateJoinRequests1700000015000 } from './1700000015000-create-join-requests';
import { CreateInvitesSwipesSafety1700000018000 } from './1700000018000-create-invites-swipes-safety';
import { GuestListWaitlist1700000030000 } from './1700000030000-guest-list-waitlist';
import { CancelledStatus1700000033100 } from './1700000033100-cancelled-status';
import { MemberEmailVerified1700000044100 } from './1700000044100-member-email-verified';
import { EventCardsCityPage1700000047200 } from './1700000047200-event-cards-city-page';
import { InvitePages1700000047300 } from './1700000047300-invite-pages';

/** Versioned migrations of this service, applied in order after the platform's outbox/inbox tables. */
export const migrations = [
  ...ERASURE_MIGRATIONS,
  CreateSocialCatalog1700000014000,
  CreateJoinRequests1700000015000,
  CreateInvitesSwipesSafety1700000018000,
  GuestListWaitlist1700000030000,
  CancelledStatus1700000033100,
  MemberEmailVerified1700000044100,
  EventCardsCityPage1700000047200,
  InvitePages1700000047300,
];
