import { z } from 'zod';
import { signupStep1Schema } from '@luxe/contracts';
import { session, STORAGE_KEYS } from '../../lib/storage';

/** Account types offered by the two-step sign-up (reading A): /signup?type=host|guest|venue. */
export const SIGNUP_TYPES = ['host', 'guest', 'venue'] as const;
export type SignupType = (typeof SIGNUP_TYPES)[number];

/** The type in the query, defaulting to guest. */
export function parseSignupType(value: string | null): SignupType {
  return (SIGNUP_TYPES as readonly string[]).includes(value ?? '') ? (value as SignupType) : 'guest';
}

export const SIGNUP_TITLES: Record<SignupType, string> = {
  host: 'Host Registration',
  guest: 'Guest Registration',
  venue: 'Venue Registration',
};

const draftSchema = signupStep1Schema.extend({ userType: z.enum(SIGNUP_TYPES) });
export type SignupDraft = z.output<typeof draftSchema>;

/**
 * The step-1 values kept between the two sign-up steps under 'signup-data'.
 * It holds the password, so it lives in sessionStorage (gone when the tab closes)
 * and is removed as soon as registration succeeds.
 */
export function readSignupDraft(): SignupDraft | null {
  const parsed = draftSchema.safeParse(session.getJson(STORAGE_KEYS.signupData));
  return parsed.success ? parsed.data : null;
}

export function saveSignupDraft(draft: SignupDraft): void {
  session.setJson(STORAGE_KEYS.signupData, draft);
}

export function clearSignupDraft(): void {
  session.remove(STORAGE_KEYS.signupData);
}
