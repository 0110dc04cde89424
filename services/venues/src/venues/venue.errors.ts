import { AUTH_ERRORS, VENUE_ERRORS } from '@luxe/contracts';
import { AppError } from '@luxe/platform/http';

/** Venues' errors: the definitions (code, status, message) live once in libs/contracts. */
export const VenueErrors = {
  notFound: () => AppError.of(VENUE_ERRORS.NOT_FOUND),
  notOwner: () => AppError.of(VENUE_ERRORS.NOT_OWNER),
  ownersOnly: () => AppError.of(AUTH_ERRORS.FORBIDDEN),
};
