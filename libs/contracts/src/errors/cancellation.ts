import { defineErrors } from './define';

/** Cancelling a booking (docs/product.md#cancellation-host). */
export const CANCELLATION_ERRORS = defineErrors('CANCELLATION', {
  STARTED: { status: 409, message: 'This booking has already started and can no longer be cancelled' },
  NOT_CANCELLABLE: { status: 409, message: 'Only upcoming held or confirmed bookings can be cancelled' },
});
