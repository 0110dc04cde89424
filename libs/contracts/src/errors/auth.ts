import { ACCOUNT_EMAIL_MESSAGES, AUTH_MESSAGES } from '../auth';
import { defineErrors } from './define';

/** Accounts and access (docs/product.md#accounts). */
export const AUTH_ERRORS = defineErrors('AUTH', {
  UNAUTHENTICATED: { status: 401, message: AUTH_MESSAGES.notAuthenticated },
  FORBIDDEN: { status: 403, message: 'You do not have permission to do this' },
  EMAIL_TAKEN: { status: 409, message: AUTH_MESSAGES.duplicateEmail },
  INVALID_CREDENTIALS: { status: 401, message: AUTH_MESSAGES.invalidCredentials },
  RATE_LIMITED: { status: 429, message: AUTH_MESSAGES.tooManyAttempts },
  SUSPENDED: { status: 403, message: AUTH_MESSAGES.suspended },
  RESET_TOKEN_INVALID: { status: 400, message: ACCOUNT_EMAIL_MESSAGES.resetToken },
  VERIFY_TOKEN_INVALID: { status: 400, message: ACCOUNT_EMAIL_MESSAGES.verifyToken },
  INTERNAL_CREDENTIALS_MISSING: { status: 401, message: 'Internal call without gateway credentials' },
  INTERNAL_CREDENTIALS_INVALID: { status: 401, message: 'Internal call with invalid gateway credentials' },
});
