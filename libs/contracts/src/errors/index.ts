import { AUTH_ERRORS } from './auth';
import { PROFILE_ERRORS } from './profile';
import { VENUE_ERRORS } from './venues';
import { BOOKING_ERRORS, PAYMENT_ERRORS } from './bookings';
import { SOCIAL_ERRORS } from './social';
import { WAITLIST_ERRORS } from './waitlist';
import { MESSAGING_ERRORS } from './messaging';
import { ADMIN_ERRORS, ENTERTAINER_ERRORS } from './admin';
import { PASS_ERRORS } from './passes';
import { CANCELLATION_ERRORS } from './cancellation';
import { SPLIT_ERRORS } from './split';
import { NOTIFICATION_ERRORS } from './notifications';
import { REQUEST_ERRORS, SECURITY_ERRORS, SERVER_ERRORS, UPSTREAM_ERRORS } from './common';
import type { ErrorDef } from './define';

export * from './define';
export { NUL_CHARACTER_MESSAGE, PAGE_MESSAGES } from './common';
// Each domain's file defines its error table alone: they are exported from here once, as imported.
export {
  REQUEST_ERRORS,
  SECURITY_ERRORS,
  UPSTREAM_ERRORS,
  SERVER_ERRORS,
  AUTH_ERRORS,
  PROFILE_ERRORS,
  VENUE_ERRORS,
  BOOKING_ERRORS,
  PAYMENT_ERRORS,
  SOCIAL_ERRORS,
  WAITLIST_ERRORS,
  MESSAGING_ERRORS,
  ADMIN_ERRORS,
  ENTERTAINER_ERRORS,
  PASS_ERRORS,
  CANCELLATION_ERRORS,
  SPLIT_ERRORS,
  NOTIFICATION_ERRORS,
};

/** Every error code with its status and message: one source for services, gateway, web and OpenAPI. */
export const ALL_ERRORS = [
  ...Object.values(REQUEST_ERRORS),
  ...Object.values(SECURITY_ERRORS),
  ...Object.values(UPSTREAM_ERRORS),
  ...Object.values(SERVER_ERRORS),
  ...Object.values(AUTH_ERRORS),
  ...Object.values(PROFILE_ERRORS),
  ...Object.values(VENUE_ERRORS),
  ...Object.values(BOOKING_ERRORS),
  ...Object.values(PAYMENT_ERRORS),
  ...Object.values(SOCIAL_ERRORS),
  ...Object.values(WAITLIST_ERRORS),
  ...Object.values(MESSAGING_ERRORS),
  ...Object.values(ADMIN_ERRORS),
  ...Object.values(ENTERTAINER_ERRORS),
  ...Object.values(PASS_ERRORS),
  ...Object.values(CANCELLATION_ERRORS),
  ...Object.values(SPLIT_ERRORS),
  ...Object.values(NOTIFICATION_ERRORS),
] as const;
export type ErrorCode = (typeof ALL_ERRORS)[number]['code'];
export const ERRORS_BY_CODE: ReadonlyMap<string, ErrorDef> = new Map(ALL_ERRORS.map((e) => [e.code, e]));
