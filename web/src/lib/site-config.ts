/**
 * Contact addresses the public pages show where the spec writes {email}. Set at build time
 * (`VITE_PRIVACY_EMAIL`, `VITE_SUPPORT_EMAIL`, `VITE_SAFETY_EMAIL`); the defaults are the
 * product's own mailboxes.
 */
export const CONTACT = {
  privacy: (import.meta.env.VITE_PRIVACY_EMAIL as string | undefined) || 'privacy@luxeswipe.com',
  support: (import.meta.env.VITE_SUPPORT_EMAIL as string | undefined) || 'support@luxeswipe.com',
  safety: (import.meta.env.VITE_SAFETY_EMAIL as string | undefined) || 'safety@luxeswipe.com',
} as const;

/** The date both policies state. */
export const POLICIES_LAST_UPDATED = 'October 16, 2025';
