import { JOIN_REQUEST_MESSAGES } from '../social';
import { defineErrors } from './define';

/** Invites, join requests, swipes (spec doc 1). */
export const SOCIAL_ERRORS = defineErrors('SOCIAL', {
  EVENT_NOT_FOUND: { status: 404, message: JOIN_REQUEST_MESSAGES.notFound },
  OWN_EVENT: { status: 400, message: JOIN_REQUEST_MESSAGES.ownEvent },
  PAST_EVENT: { status: 400, message: JOIN_REQUEST_MESSAGES.pastEvent },
  DUPLICATE_REQUEST: { status: 409, message: JOIN_REQUEST_MESSAGES.duplicate },
  REQUEST_NOT_FOUND: { status: 404, message: JOIN_REQUEST_MESSAGES.requestNotFound },
  NOT_PENDING: { status: 409, message: JOIN_REQUEST_MESSAGES.notPending },
});
