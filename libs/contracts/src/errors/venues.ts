import { SECTION_MESSAGES, VENUE_MESSAGES } from '../venues';
import { defineErrors } from './define';

/** Venues (spec doc 2). */
export const VENUE_ERRORS = defineErrors('VENUE', {
  NOT_FOUND: { status: 404, message: VENUE_MESSAGES.notFound },
  NOT_OWNER: { status: 403, message: VENUE_MESSAGES.notOwner },
  SECTION_NOT_FOUND: { status: 404, message: SECTION_MESSAGES.notFound },
  VIP_ONLY_STRIP_CLUB: { status: 400, message: SECTION_MESSAGES.vipOnlyStripClub },
});
