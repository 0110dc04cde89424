import { PROFILE_MESSAGES } from '../profile';
import { defineErrors } from './define';

/** Profile photos (docs/product.md#profiles). The message of an upload refusal says why; the catalogue's generic one is the default. */
export const PROFILE_ERRORS = defineErrors('PROFILE', {
  UPLOAD_REJECTED: { status: 400, message: PROFILE_MESSAGES.uploadFailed },
  IMAGE_NOT_FOUND: { status: 404, message: 'Photo not found' },
});
