import { SPLIT_MESSAGES } from '../split';
import { defineErrors } from './define';

/** Split payment (docs/product.md#payment-split). */
export const SPLIT_ERRORS = defineErrors('SPLIT', {
  NOT_SPLITTABLE: { status: 409, message: SPLIT_MESSAGES.notSplittable },
  TOO_LATE: { status: 409, message: SPLIT_MESSAGES.tooLate },
  NOT_FOUND: { status: 404, message: SPLIT_MESSAGES.notFound },
  SHARE_NOT_FOUND: { status: 404, message: SPLIT_MESSAGES.shareNotFound },
  SHARE_CLOSED: { status: 409, message: SPLIT_MESSAGES.shareClosed },
  OWN_SHARE: { status: 409, message: SPLIT_MESSAGES.ownShare },
});
