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
import { PAGE_ERRORS } from './paging';
import { REQUEST_ERRORS, SECURITY_ERRORS, SERVER_ERRORS, UPSTREAM_ERRORS } from './common';
import type { ErrorDef } from './define';

export * from './define';
export * from './common';
export * from './auth';
export * from './profile';
export * from './venues';
export * from './bookings';
export * from './social';
export * from './waitlist';
export * from './messaging';
export * from './admin';
export * from './passes';
export * from './cancellation';
export * from './split';
export * from './notifications';
export * from './paging';

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
  ...Object.values(PAGE_ERRORS),
] as const;
export type ErrorCode = (typeof ALL_ERRORS)[number]['code'];
export const ERRORS_BY_CODE: ReadonlyMap<string, ErrorDef> = new Map(ALL_ERRORS.map((e) => [e.code, e]));
