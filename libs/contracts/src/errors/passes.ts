import { PASS_MESSAGES } from '../passes';
import { defineErrors } from './define';

/** Door passes and check-in (docs/product.md#passes). */
export const PASS_ERRORS = defineErrors('PASS', {
  NOT_FOUND: { status: 404, message: PASS_MESSAGES.notFound },
  NOT_ATTENDEE: { status: 404, message: PASS_MESSAGES.notAttendee },
  NOT_YOUR_VENUE: { status: 403, message: PASS_MESSAGES.notYourVenue },
  ALREADY_CHECKED_IN: { status: 409, message: PASS_MESSAGES.alreadyCheckedIn },
  OTHER_VENUE: { status: 422, message: PASS_MESSAGES.otherVenue },
  OTHER_DATE: { status: 422, message: PASS_MESSAGES.otherDate },
  CANCELLED: { status: 422, message: PASS_MESSAGES.cancelled },
  NOT_CONFIRMED: { status: 422, message: PASS_MESSAGES.notConfirmed },
  NO_SUCH_MEMBER: { status: 404, message: PASS_MESSAGES.noSuchMember },
  STAFF_IS_OWNER: { status: 422, message: PASS_MESSAGES.staffIsOwner },
  ALREADY_STAFF: { status: 409, message: PASS_MESSAGES.alreadyStaff },
  STAFF_NOT_FOUND: { status: 404, message: PASS_MESSAGES.staffNotFound },
});
