import { VENUE_MESSAGES } from '../venues';
import { defineErrors } from './define';

/** Venues (spec doc 2). */
export const VENUE_ERRORS = defineErrors('VENUE', {
  NOT_FOUND: { status: 404, message: VENUE_MESSAGES.notFound },
  NOT_OWNER: { status: 403, message: VENUE_MESSAGES.notOwner },
});
