import { PAGE_LIMITS } from '../page-constants';
import { defineErrors } from './define';

/** Errors of the request itself, any route can answer with them. */
export const REQUEST_ERRORS = defineErrors('REQUEST', {
  VALIDATION_FAILED: { status: 400, message: 'Invalid request' },
  MALFORMED_JSON: { status: 400, message: 'Malformed JSON body' },
  BAD_REQUEST: { status: 400, message: 'Bad request' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'Request body too large' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Unsupported media type' },
  NOT_FOUND: { status: 404, message: 'Not found' },
  METHOD_NOT_ALLOWED: { status: 405, message: 'Method not allowed' },
  /** A WebSocket route called as a plain GET, without the upgrade. */
  UPGRADE_REQUIRED: { status: 426, message: 'Connect with a WebSocket' },
});

/** The field message of a text holding a NUL character, which no text column can store (REQUEST.VALIDATION_FAILED). */
export const NUL_CHARACTER_MESSAGE = 'Text must not contain the NUL character';

/** The field messages of a paged list's `?limit=&cursor=` (REQUEST.VALIDATION_FAILED; docs/architecture.md#paged-lists). */
export const PAGE_MESSAGES = {
  limit: `Limit must be a whole number from 1 to ${PAGE_LIMITS.max}`,
  cursor: 'Cursor is not valid: start again from the first page',
} as const;

export const SECURITY_ERRORS = defineErrors('SECURITY', {
  CSRF: { status: 403, message: 'Request refused: send JSON or the X-Requested-With header' },
});

/** The gateway's view of a service it could not use. */
export const UPSTREAM_ERRORS = defineErrors('UPSTREAM', {
  ERROR: { status: 502, message: 'Something went wrong. Please try again.' },
  UNAVAILABLE: { status: 503, message: 'The service is unavailable. Please try again.' },
  TIMEOUT: { status: 504, message: 'The service took too long to answer. Please try again.' },
});

export const SERVER_ERRORS = defineErrors('SERVER', {
  INTERNAL: { status: 500, message: 'Internal server error' },
  /** A store the request needs (Redis, the database) cannot be reached right now. */
  UNAVAILABLE: { status: 503, message: 'The service is temporarily unavailable. Please try again in a moment.' },
});
