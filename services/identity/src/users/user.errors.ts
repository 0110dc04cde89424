import { AUTH_ERRORS } from '@luxe/contracts';
import { AppError } from '@luxe/platform/http';

/** Identity's errors: the definitions (code, status, message) live once in libs/contracts. */
export const UsersErrors = {
  emailTaken: () => AppError.of(AUTH_ERRORS.EMAIL_TAKEN),
  invalidCredentials: () => AppError.of(AUTH_ERRORS.INVALID_CREDENTIALS),
  unauthenticated: () => AppError.of(AUTH_ERRORS.UNAUTHENTICATED),
  forbidden: () => AppError.of(AUTH_ERRORS.FORBIDDEN),
};

/** The unique index on lower(email) refused an insert (a concurrent registration won). */
export class EmailTakenError extends Error {}
