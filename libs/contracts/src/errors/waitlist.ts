import { WAITLIST_MESSAGES } from '../waitlist';
import { defineErrors } from './define';

/** Guest limits, leaving and removing guests (docs/product.md#social-guest-list). */
export const WAITLIST_ERRORS = defineErrors('WAITLIST', {
  OVER_CAPACITY: { status: 400, message: WAITLIST_MESSAGES.overCapacity },
  BELOW_APPROVED: { status: 409, message: WAITLIST_MESSAGES.belowApproved },
  NOT_ATTENDING: { status: 409, message: WAITLIST_MESSAGES.notAttending },
  NOT_ON_LIST: { status: 409, message: WAITLIST_MESSAGES.notOnList },
  /** Accepting an invite when the guest list has no place left (the guest limit, else the section's capacity). */
  FULL: { status: 409, message: WAITLIST_MESSAGES.full },
});
