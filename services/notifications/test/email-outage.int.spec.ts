import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { DataSource } from 'typeorm';
import { createDataSource, createLogger, databaseUrl, ensureDatabase, initDatabase } from '@luxe/platform';
// The platform's test proxy (libs/platform/test/support): a real SMTP server taken away and back.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { FaultProxy } from '../../../libs/platform/test/support/fault-proxy';
import { EmailRepository } from '../src/email/email.repository';
import { EmailSender } from '../src/email/email.sender';
import { migrations } from '../src/migrations';

// SMTP down (issue 32): the notifications service's queue of emails against its real database and
// the real SMTP server (infra/local's Mailpit) behind a proxy that can take it away. An email
// queued while the server is down is kept, tried again with backoff, and sent once it is back,
// exactly once; queueing never fails because of it.
const MAILPIT = process.env.MAILPIT_API;
const SMTP = process.env.SMTP_URL ? new URL(process.env.SMTP_URL) : null;
let ds: DataSource;
let proxy: FaultProxy;
let emails: EmailRepository;
let sender: EmailSender;

beforeAll(async () => {
  if (!MAILPIT || !SMTP)
    throw new Error('MAILPIT_API and SMTP_URL are not set: run infra/local/up.sh and source the env file it prints');
  const adminUrl = process.env.LUXE_PG_ADMIN_URL!;
  const db = `luxe_test${(process.env.LUXE_TEST_ID ?? '').replace(/[^a-z0-9]/g, '')}_notifications_outage`;
  await ensureDatabase(adminUrl, db);
  ds = createDataSource({ url: databaseUrl(adminUrl, db), migrations, poolSize: 2 });
  await initDatabase(ds);
  proxy = new FaultProxy(SMTP.hostname, Number(SMTP.port));
  await proxy.start();
  emails = new EmailRepository(ds);
  // Driven by hand (no timer): each sendDue() is one round of the sender.
  sender = new EmailSender(emails, createLogger('notifications-outage-test', 'error'), {
    SMTP_URL: `smtp://127.0.0.1:${proxy.port}`,
    EMAIL_FROM: 'LuxeSwipe <no-reply@luxeswipe.local>',
  });
});
afterAll(async () => {
  await sender?.onModuleDestroy();
  await proxy?.stop();
  await ds?.destroy();
});

async function mailsTo(address: string): Promise<{ Subject: string }[]> {
  const r = await fetch(`${MAILPIT}/api/v1/search?query=${encodeURIComponent(`to:"${address}"`)}&limit=10`);
  return ((await r.json()) as { messages: { Subject: string }[] }).messages;
}
const row = async (key: string) =>
  (
    await ds.query(
      `SELECT attempts, sent_at, last_error, next_attempt_at > now() + interval '1 second' AS waits FROM email_outbox WHERE dedupe_key = $1`,
      [key],
    )
  )[0] as { attempts: number; sent_at: Date | null; last_error: string | null; waits: boolean };

describe('SMTP down', () => {
  it('keeps an email queued while the server is down, retries it with backoff, and sends it once when it is back', async () => {
    const key = `outage:${randomUUID()}`;
    const to = `outage-${randomUUID().slice(0, 8)}@example.com`;
    await proxy.refuse();
    // Queueing is a database write: it does not need the SMTP server.
    await ds.transaction((m) =>
      emails.enqueueAccountEmail(m, key, randomUUID(), 'password-reset', to, {
        subject: 'Outage test',
        text: 'kept',
        html: '<p>kept</p>',
      }),
    );
    await sender.sendDue();
    expect(await row(key)).toMatchObject({ attempts: 1, sent_at: null, waits: true });
    expect((await row(key)).last_error).toEqual(expect.any(String));
    // Not due again before its backoff (2 s after the first failure): a round does not touch it.
    await sender.sendDue();
    expect((await row(key)).attempts).toBe(1);
    await proxy.restore();
    await new Promise((r) => setTimeout(r, 2200));
    await sender.sendDue();
    expect(await row(key)).toMatchObject({ attempts: 2, last_error: null });
    expect((await row(key)).sent_at).not.toBeNull();
    // Later rounds send nothing more.
    await sender.sendDue();
    await new Promise((r) => setTimeout(r, 500));
    expect((await mailsTo(to)).map((m) => m.Subject)).toEqual(['Outage test']);
  });
});
