import { defineErrors } from './define';

/** Errors any route can answer with (validation, transport, infrastructure). */
export const COMMON_ERRORS = defineErrors('COMMON', {
  VALIDATION_FAILED: { status: 400, message: 'Invalid request' },
  MALFORMED_JSON: { status: 400, message: 'Malformed JSON body' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'Request body too large' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Unsupported media type' },
  NOT_FOUND: { status: 404, message: 'Not found' },
  CSRF: { status: 403, message: 'Request refused: send JSON or the X-Requested-With header' },
  INTERNAL: { status: 500, message: 'Internal server error' },
  UPSTREAM_ERROR: { status: 502, message: 'Something went wrong. Please try again.' },
  UPSTREAM_UNAVAILABLE: { status: 503, message: 'The service is unavailable. Please try again.' },
  UPSTREAM_TIMEOUT: { status: 504, message: 'The service took too long to answer. Please try again.' },
});
