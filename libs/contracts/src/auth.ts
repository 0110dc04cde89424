import { z } from 'zod';

/** User types offered at registration (docs/product.md#accounts-registration-rules). */
export const USER_TYPES = ['host', 'guest', 'venue', 'entertainer'] as const;
export type UserType = (typeof USER_TYPES)[number];

export const PASSWORD_MIN = 8;

/** Messages exactly as docs/product.md#accounts-registration-rules words them. */
export const AUTH_MESSAGES = {
  email: 'Please enter a valid email address',
  password: 'Password must be at least 8 characters',
  firstName: 'First name is required',
  lastName: 'Last name is required',
  city: 'City is required',
  state: 'State is required',
  userType: 'Please select your role',
  loginPassword: 'Password is required',
  loginEmail: 'Please enter a valid email address',
  duplicateEmail: 'An account with this email already exists',
  invalidCredentials: 'Invalid email or password',
  notAuthenticated: 'Not authenticated',
  tooManyAttempts: 'Too many attempts. Please try again later.',
  suspended: 'Your account has been suspended',
} as const;

const SIGNUP_B_GENDER = 'Please select your gender';
const trimmed = (message: string) => z.string({ error: message }).trim().min(1, message);
/** An email as every form takes it: trimmed and lower-cased, then checked; refused with the form's own message. */
function emailField(message: string, max?: number) {
  const email = z.email({ error: message });
  return z
    .string({ error: message })
    .trim()
    .toLowerCase()
    .pipe(max === undefined ? email : email.max(max, message));
}

/** Gender, collected by reading B only; it orders the role cards (docs/product.md#accounts-signup-b). */
export const GENDERS = ['male', 'female', 'other'] as const;
export type Gender = (typeof GENDERS)[number];

/** Final registration post (docs/product.md#accounts-registration-rules). phoneNumber is optional with no format rule. */
export const registerSchema = z.object({
  email: emailField(AUTH_MESSAGES.email, 254),
  password: z
    .string({ error: AUTH_MESSAGES.password })
    .min(PASSWORD_MIN, AUTH_MESSAGES.password)
    .max(200, 'Password must be at most 200 characters'),
  firstName: trimmed(AUTH_MESSAGES.firstName).pipe(z.string().max(100, 'First name must be at most 100 characters')),
  lastName: trimmed(AUTH_MESSAGES.lastName).pipe(z.string().max(100, 'Last name must be at most 100 characters')),
  city: trimmed(AUTH_MESSAGES.city).pipe(z.string().max(120, 'City must be at most 120 characters')),
  state: trimmed(AUTH_MESSAGES.state).pipe(z.string().max(120, 'State must be at most 120 characters')),
  userType: z.enum(USER_TYPES, { error: AUTH_MESSAGES.userType }),
  phoneNumber: z
    .string()
    .trim()
    .max(40, 'Phone number must be at most 40 characters')
    .optional()
    .nullable()
    .transform((v) => (v ? v : null)),
  /** Reading B's step 1 asks it; discovery shows a member the events whose guest visibility includes him. */
  gender: z
    .enum(GENDERS, { error: SIGNUP_B_GENDER })
    .nullable()
    .optional()
    .transform((v) => v ?? null),
});
export type RegisterInput = z.input<typeof registerSchema>;
export type RegisterDto = z.output<typeof registerSchema>;

/** Sign-up step 1 of reading A: city, state and phone are left out. */
export const signupStep1Schema = registerSchema.pick({ email: true, password: true, firstName: true, lastName: true });

/** Reading B's step-1 messages (docs/product.md#accounts-signup-b). */
export const SIGNUP_B_MESSAGES = {
  email: 'Please enter a valid email',
  gender: SIGNUP_B_GENDER,
} as const;

/**
 * Sign-up step 1 of reading B (/register). The spec gives this step a 6-character minimum, but the
 * final registration requires 8: a 6-character password passed here and was refused two screens
 * later, where there is no password field (docs/product.md#accounts-signup-b). The step applies the server's own rule.
 */
export const signupStepOneBSchema = z.object({
  email: emailField(SIGNUP_B_MESSAGES.email, 254),
  phoneNumber: z.string().trim().max(40, 'Phone number must be at most 40 characters').optional(),
  password: registerSchema.shape.password,
  firstName: registerSchema.shape.firstName,
  lastName: registerSchema.shape.lastName,
  gender: z.enum(GENDERS, { error: SIGNUP_B_MESSAGES.gender }),
});

/**
 * A sign-in form: an email (trimmed, lower-cased) and a password that is only required, each
 * refused with its form's own message. Members and admins sign in with the same rules.
 */
export function credentialsSchema(messages: { email: string; password: string }) {
  return z.object({
    email: emailField(messages.email),
    password: z.string({ error: messages.password }).min(1, messages.password).max(200, messages.password),
  });
}
export const loginSchema = credentialsSchema({
  email: AUTH_MESSAGES.loginEmail,
  password: AUTH_MESSAGES.loginPassword,
});
export type LoginDto = z.output<typeof loginSchema>;

/** Location step (docs/product.md#accounts-location). */
export const locationSchema = z.object({
  city: z.string().trim().min(1, 'Please select your city'),
  state: z.string().trim().min(1, 'Please select your state'),
});

/**
 * Password reset (docs/product.md#accounts-login): a link with a single-use token, good for PASSWORD_RESET_MINUTES,
 * emailed to the address when an account has it. The answer to the request is the same either
 * way, so the form tells nobody which emails have accounts.
 */
export const PASSWORD_RESET_MINUTES = 30;
/**
 * Email verification (docs/product.md#accounts-verification):
 * a link sent at sign-up (and again on request) proves the member
 * reads the address; verified members carry a badge. Unverified accounts keep working: nothing of
 * the product waits for it.
 */
export const EMAIL_VERIFICATION_HOURS = 48;
export const ACCOUNT_EMAIL_MESSAGES = {
  resetRequested: `If an account uses that email, we sent it a link to choose a new password. The link works for ${PASSWORD_RESET_MINUTES} minutes.`,
  resetToken: 'This password reset link is invalid or has expired. Request a new one.',
  confirmPassword: 'Passwords do not match',
  verifyToken: 'This verification link is invalid or has expired. Send yourself a new one from your profile.',
  verified: 'Your email is verified.',
  verificationSent: 'We sent you a new verification link.',
  alreadyVerified: 'Your email is already verified.',
} as const;
export const passwordResetRequestSchema = z.object({ email: loginSchema.shape.email });
export type PasswordResetRequestDto = z.output<typeof passwordResetRequestSchema>;
export const passwordResetSchema = z.object({
  // 32 random bytes, base64url: 43 characters. Anything else is not a token we sent.
  token: z
    .string({ error: ACCOUNT_EMAIL_MESSAGES.resetToken })
    .regex(/^[A-Za-z0-9_-]{43}$/, ACCOUNT_EMAIL_MESSAGES.resetToken),
  password: registerSchema.shape.password,
});
export type PasswordResetDto = z.output<typeof passwordResetSchema>;
export const verifyEmailSchema = z.object({
  token: z
    .string({ error: ACCOUNT_EMAIL_MESSAGES.verifyToken })
    .regex(/^[A-Za-z0-9_-]{43}$/, ACCOUNT_EMAIL_MESSAGES.verifyToken),
});
export type VerifyEmailDto = z.output<typeof verifyEmailSchema>;
export const noticeSchema = z.object({ message: z.string() });

/** Who an account is and where: every answer showing an account (the member's own, the admin console's) starts so. */
export const accountFields = {
  id: z.uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  userType: z.enum(USER_TYPES),
  city: z.string(),
  state: z.string(),
};
/** The user as the API returns it (never the password hash). */
export const publicUserSchema = z.object({
  ...accountFields,
  phoneNumber: z.string().nullable(),
  age: z.number().int().nullable(),
  bio: z.string().nullable(),
  profileImages: z.array(z.string()),
  gender: z.enum(GENDERS).nullable(),
  profileCompleted: z.string(),
  /** The member opened the verification link sent to his email (absent from the previous release's answers). */
  emailVerified: z.boolean().default(false),
  createdAt: z.iso.datetime(),
});
export type PublicUser = z.output<typeof publicUserSchema>;

/** What identity answers on register and login: the gateway turns the token into a cookie. */
export const authResultSchema = z.object({ user: publicUserSchema, sessionToken: z.string().min(1) });
export type AuthResult = z.output<typeof authResultSchema>;

/** Error body every service and the gateway return. */
export const apiErrorBodySchema = z.object({
  statusCode: z.number().int(),
  code: z.string(),
  message: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  correlationId: z.string().optional(),
});
export type ApiErrorBody = z.output<typeof apiErrorBodySchema>;
