import { SECTION_MESSAGES, STAFF_MESSAGES, VENUE_IMAGE_MESSAGES, VENUE_MESSAGES } from '../venues';
import { defineErrors } from './define';

/** Venues (docs/product.md#venues). */
export const VENUE_ERRORS = defineErrors('VENUE', {
  NOT_FOUND: { status: 404, message: VENUE_MESSAGES.notFound },
  NOT_OWNER: { status: 403, message: VENUE_MESSAGES.notOwner },
  HAS_UPCOMING_BOOKINGS: { status: 409, message: VENUE_MESSAGES.upcomingBookings },
  SECTION_NOT_FOUND: { status: 404, message: SECTION_MESSAGES.notFound },
  /** As HAS_UPCOMING_BOOKINGS: a confirmed booking or a live hold starts later at the section. */
  SECTION_HAS_UPCOMING_BOOKINGS: {
    status: 409,
    message: 'This section has upcoming bookings, so it cannot be deleted',
  },
  VIP_ONLY_STRIP_CLUB: { status: 400, message: SECTION_MESSAGES.vipOnlyStripClub },
  DANCER_NOT_FOUND: { status: 404, message: STAFF_MESSAGES.dancerNotFound },
  /** As HAS_UPCOMING_BOOKINGS: a confirmed booking or a live hold starts later with the dancer. */
  DANCER_HAS_UPCOMING_BOOKINGS: {
    status: 409,
    message: 'This dancer has upcoming bookings, so they cannot be removed or made inactive',
  },
  BARTENDER_NOT_FOUND: { status: 404, message: STAFF_MESSAGES.bartenderNotFound },
  /** The catalogue's upload message by default; the message names the rule that refused it. */
  UPLOAD_REJECTED: { status: 400, message: 'Failed to process uploaded images' },
  NOT_YOUR_IMAGE: { status: 400, message: VENUE_IMAGE_MESSAGES.imagePath },
  IMAGE_NOT_FOUND: { status: 404, message: 'Photo not found' },
});
