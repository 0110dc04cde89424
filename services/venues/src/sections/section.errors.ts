import { VENUE_ERRORS } from '@luxe/contracts';
import { AppError } from '@luxe/platform/http';

/** Sections' errors: the definitions live once in libs/contracts. */
export const SectionErrors = {
  notFound: () => AppError.of(VENUE_ERRORS.SECTION_NOT_FOUND),
  vipOnlyStripClub: () => AppError.of(VENUE_ERRORS.VIP_ONLY_STRIP_CLUB),
  hasUpcomingBookings: () => AppError.of(VENUE_ERRORS.SECTION_HAS_UPCOMING_BOOKINGS),
};
