import { ADMIN_MESSAGES, ENTERTAINER_MESSAGES } from '../admin';
import { defineErrors } from './define';

/** The admin console (docs/product.md#admin). */
export const ADMIN_ERRORS = defineErrors('ADMIN', {
  INVALID_CREDENTIALS: { status: 401, message: ADMIN_MESSAGES.invalidCredentials },
  SESSION_EXPIRED: { status: 401, message: ADMIN_MESSAGES.sessionExpired },
  VENUE_NOT_FOUND: { status: 404, message: ADMIN_MESSAGES.venueNotFound },
  NOT_PENDING: { status: 409, message: ADMIN_MESSAGES.notPending },
  SECTION_NOT_FOUND: { status: 404, message: ADMIN_MESSAGES.sectionNotFound },
  DANCER_NOT_FOUND: { status: 404, message: ADMIN_MESSAGES.dancerNotFound },
  NOT_VIP_ROOM: { status: 400, message: ADMIN_MESSAGES.notVipRoom },
  OTHER_VENUE: { status: 400, message: ADMIN_MESSAGES.otherVenue },
  ASSIGNMENT_NOT_FOUND: { status: 404, message: ADMIN_MESSAGES.assignmentNotFound },
  NOT_REVOCABLE: { status: 409, message: ADMIN_MESSAGES.notRevocable },
  USER_NOT_FOUND: { status: 404, message: ADMIN_MESSAGES.userNotFound },
  ALREADY_SUSPENDED: { status: 409, message: ADMIN_MESSAGES.alreadySuspended },
  NOT_SUSPENDED: { status: 409, message: ADMIN_MESSAGES.notSuspended },
  REPORT_NOT_FOUND: { status: 404, message: ADMIN_MESSAGES.reportNotFound },
  REPORT_DECIDED: { status: 409, message: ADMIN_MESSAGES.reportDecided },
});

/** Entertainers and their venues and VIP rooms (docs/product.md#entertainers). */
export const ENTERTAINER_ERRORS = defineErrors('ENTERTAINER', {
  ENTERTAINERS_ONLY: { status: 403, message: ENTERTAINER_MESSAGES.entertainersOnly },
  VENUE_NOT_FOUND: { status: 404, message: ENTERTAINER_MESSAGES.venueNotFound },
  NO_ENTERTAINERS: { status: 400, message: ENTERTAINER_MESSAGES.noEntertainers },
  DUPLICATE_REQUEST: { status: 409, message: ENTERTAINER_MESSAGES.duplicate },
  REQUEST_NOT_FOUND: { status: 404, message: ENTERTAINER_MESSAGES.requestNotFound },
  NOT_PENDING: { status: 409, message: ENTERTAINER_MESSAGES.notPending },
  DANCER_NOT_FOUND: { status: 404, message: ENTERTAINER_MESSAGES.dancerNotFound },
  DANCER_TAKEN: { status: 409, message: ENTERTAINER_MESSAGES.dancerTaken },
  ASSIGNMENT_NOT_FOUND: { status: 404, message: ENTERTAINER_MESSAGES.assignmentNotFound },
  NOT_PROPOSED: { status: 409, message: ENTERTAINER_MESSAGES.notProposed },
  NOT_REVOCABLE: { status: 409, message: ENTERTAINER_MESSAGES.notRevocable },
});
