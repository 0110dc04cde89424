import { z } from 'zod';
import { GENDERS, signupStep1Schema, USER_TYPES } from '@luxe/contracts';
import { session, STORAGE_KEYS } from '../../lib/storage';

/**
 * Account types offered by the two-step sign-up (reading A): /signup?type=host|guest|venue|entertainer,
 * the server's own list (docs/product.md#accounts-join: the entertainer is "a fourth type offered
 * at registration"; /signup?type=entertainer fell back to a guest's sign-up).
 */
export const SIGNUP_TYPES = USER_TYPES;
export type SignupType = (typeof SIGNUP_TYPES)[number];

/** The type in the query, defaulting to guest. */
export function parseSignupType(value: string | null): SignupType {
  return (SIGNUP_TYPES as readonly string[]).includes(value ?? '') ? (value as SignupType) : 'guest';
}

export const SIGNUP_TITLES: Record<SignupType, string> = {
  host: 'Host Registration',
  guest: 'Guest Registration',
  venue: 'Venue Registration',
  entertainer: 'Entertainer Registration',
};

/**
 * Reading A keeps the four basics and the type; reading B adds the optional phone and the gender.
 * The password is only required here: a draft kept by an older version may hold a shorter one,
 * which the location step sends back to step 1.
 */
const draftSchema = signupStep1Schema.extend({
  password: z.string().min(1),
  userType: z.enum(SIGNUP_TYPES),
  reading: z.enum(['A', 'B']).default('A'),
  phoneNumber: z.string().optional(),
  gender: z.enum(GENDERS).optional(),
});
export type SignupDraft = z.input<typeof draftSchema>;
/** A draft as read back (defaults applied). */
export type StoredSignupDraft = z.output<typeof draftSchema>;

/** Reading B's step 1 before a role is chosen (kept under the same key, without userType). */
const stepOneBSchema = draftSchema.omit({ userType: true }).extend({ reading: z.literal('B') });
export type StepOneBDraft = z.input<typeof stepOneBSchema>;

export function readStepOneB(): StepOneBDraft | null {
  const parsed = stepOneBSchema.safeParse(session.getJson(STORAGE_KEYS.signupData));
  return parsed.success ? parsed.data : null;
}

/** Roles offered by reading B's role selection, in the order the gender gives (a missing gender counts as other). */
export function roleOrder(gender: string | null): ('host' | 'guest')[] {
  return gender === 'male' ? ['host', 'guest'] : ['guest', 'host'];
}

/**
 * The step-1 values kept between the two sign-up steps under 'signup-data'.
 * It holds the password, so it lives in sessionStorage (gone when the tab closes)
 * and is removed as soon as registration succeeds.
 */
export function readSignupDraft(): z.output<typeof draftSchema> | null {
  const parsed = draftSchema.safeParse(session.getJson(STORAGE_KEYS.signupData));
  return parsed.success ? parsed.data : null;
}

export function saveSignupDraft(draft: SignupDraft | StepOneBDraft): void {
  session.setJson(STORAGE_KEYS.signupData, draft);
}

export function clearSignupDraft(): void {
  session.remove(STORAGE_KEYS.signupData);
}
