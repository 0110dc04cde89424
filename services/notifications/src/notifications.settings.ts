import { z } from 'zod';
import { env } from '@luxe/platform/runtime';

/**
 * The notifications service's own variables (docs/configuration.md, generated from this schema). Email goes over SMTP_URL (Mailpit locally,
 * the provider in production); production refuses to start without it unless EMAIL_DISABLED=true
 * says on purpose that no email is sent. EMAIL_TRANSPORT=demo is the embedded demo's: emails are
 * kept in the database for its mailbox page instead of being sent, and is refused in production.
 */
export const notificationsSettingsSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    SMTP_URL: env.url(['smtp:', 'smtps:']).optional(),
    EMAIL_DISABLED: env.bool.default(false),
    EMAIL_TRANSPORT: z.enum(['smtp', 'demo'], { error: 'must be smtp or demo' }).default('smtp'),
    EMAIL_FROM: z.string().min(3).default('LuxeSwipe <no-reply@luxeswipe.local>'),
    /** Where members open the web app: the links of emails start with it. */
    PUBLIC_WEB_URL: env.url(['http:', 'https:']).default('http://localhost:3000'),
    /** How often waiting emails are looked for, in ms (tests use a short one). */
    EMAIL_SEND_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
    /** Messages are emailed to a member away (no live socket) this long after the first unread one, batched. */
    MESSAGE_EMAIL_AFTER_MS: z.coerce.number().int().min(0).max(86_400_000).default(300_000),
    /** How often members with unread messages are looked at for that email, in ms. */
    MESSAGE_DIGEST_MS: z.coerce.number().int().min(50).max(600_000).default(60_000),
    /** How often due booking reminders are looked for (pg-boss's polling), in seconds. */
    REMINDER_POLL_SECONDS: z.coerce.number().min(0.5).max(600).default(30),
    /** The deployment's prefix (topics, and the gateways' presence keys in Redis). */
    KAFKA_TOPIC_PREFIX: z.string().default(''),
  })
  .superRefine((v, ctx) => {
    if (v.NODE_ENV !== 'production') return;
    if (!v.SMTP_URL && !v.EMAIL_DISABLED)
      ctx.addIssue({
        code: 'custom',
        path: ['SMTP_URL'],
        message:
          'is required in production (an smtp:// or smtps:// URL), unless EMAIL_DISABLED=true turns email off on purpose',
      });
    if (v.EMAIL_TRANSPORT === 'demo')
      ctx.addIssue({
        code: 'custom',
        path: ['EMAIL_TRANSPORT'],
        message: 'demo keeps emails instead of sending them: refused in production',
      });
  });
export type NotificationsSettings = z.output<typeof notificationsSettingsSchema>;
