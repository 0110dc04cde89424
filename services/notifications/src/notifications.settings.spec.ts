import { describe, expect, it } from '@jest/globals';
import { ConfigError, loadConfig } from '@luxe/platform/runtime';
import { notificationsSettingsSchema } from './notifications.settings';

const load = (env: Record<string, string>) => loadConfig('notifications', notificationsSettingsSchema, env);

describe('notifications settings', () => {
  it('refuses to start in production without SMTP_URL, naming it', () => {
    expect(() => load({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => load({ NODE_ENV: 'production' })).toThrow(/SMTP_URL: is required in production/);
  });

  it('starts in production without SMTP_URL when EMAIL_DISABLED=true says so on purpose', () => {
    expect(load({ NODE_ENV: 'production', EMAIL_DISABLED: 'true' }).EMAIL_DISABLED).toBe(true);
  });

  it('takes an smtp:// or smtps:// URL and nothing else', () => {
    expect(load({ NODE_ENV: 'production', SMTP_URL: 'smtps://u:p@smtp.example:465' }).SMTP_URL).toBe(
      'smtps://u:p@smtp.example:465',
    );
    expect(() => load({ SMTP_URL: 'http://smtp.example' })).toThrow(
      /SMTP_URL: must be a URL with one of smtp:, smtps:/,
    );
  });

  it("refuses the demo mailbox's transport in production", () => {
    expect(() => load({ NODE_ENV: 'production', SMTP_URL: 'smtp://x:25', EMAIL_TRANSPORT: 'demo' })).toThrow(
      /EMAIL_TRANSPORT: demo keeps emails/,
    );
    expect(load({ EMAIL_TRANSPORT: 'demo' }).EMAIL_TRANSPORT).toBe('demo');
  });
});
