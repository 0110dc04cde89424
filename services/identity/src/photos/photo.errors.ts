import { PROFILE_ERRORS, PROFILE_MESSAGES } from '@luxe/contracts';
import { AppError } from '@luxe/platform/http';

/** Why an upload is refused: the definitions (code, status) live in libs/contracts; the message says which rule. */
export const PhotoErrors = {
  notAnImage: () => AppError.of(PROFILE_ERRORS.UPLOAD_REJECTED, { message: PROFILE_MESSAGES.notAnImage }),
  tooLarge: () => AppError.of(PROFILE_ERRORS.UPLOAD_REJECTED, { message: PROFILE_MESSAGES.tooLarge }),
  uploadMissing: () => AppError.of(PROFILE_ERRORS.UPLOAD_REJECTED, { message: PROFILE_MESSAGES.uploadMissing }),
  notYourUpload: () => AppError.of(PROFILE_ERRORS.UPLOAD_REJECTED, { message: PROFILE_MESSAGES.notYourUpload }),
  notFound: () => AppError.of(PROFILE_ERRORS.IMAGE_NOT_FOUND),
};
