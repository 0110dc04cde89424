import { z } from 'zod';

/**
 * The admin service's own variables (docs/configuration.md, generated from this schema). The first admin account is created at start from
 * ADMIN_EMAIL and ADMIN_PASSWORD when no account has that email yet; without them no account is
 * created (the embedded demo seeds one).
 */
export const adminSettingsSchema = z
  .object({
    ADMIN_EMAIL: z.email('must be an email address').optional(),
    ADMIN_PASSWORD: z.string().min(12, 'must be at least 12 characters').max(200).optional(),
    ADMIN_NAME: z.string().trim().min(1).max(100).default('Administrator'),
  })
  .superRefine((v, ctx) => {
    if (!!v.ADMIN_EMAIL !== !!v.ADMIN_PASSWORD)
      ctx.addIssue({
        code: 'custom',
        path: [v.ADMIN_EMAIL ? 'ADMIN_PASSWORD' : 'ADMIN_EMAIL'],
        message: 'ADMIN_EMAIL and ADMIN_PASSWORD go together',
      });
  });
export type AdminSettings = z.output<typeof adminSettingsSchema>;
