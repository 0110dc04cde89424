import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import nodemailer, { type Transporter } from 'nodemailer';
import { LOGGER, SERVICE_SETTINGS, type Logger } from '@luxe/platform/runtime';
import type { NotificationsSettings } from '../notifications.settings';
import { EmailRepository, type QueuedEmail } from './email.repository';

/** How long a taken email is not taken again (a sender that died mid-send: the email is retried after this). */
const LEASE_MS = 120_000;
/** Emails taken per round. */
const BATCH = 20;

/** The wait before the next try of an email that failed `attempts` times: 2 s, 4 s, 8 s… at most 10 minutes. */
export function backoffMs(attempts: number): number {
  return Math.min(10 * 60_000, 1000 * 2 ** Math.max(1, Math.min(attempts, 20)));
}

/**
 * Sends the queued emails (`email_outbox`), in the background: over SMTP (SMTP_URL), or, in the
 * embedded demo (EMAIL_TRANSPORT=demo), through nodemailer's JSON transport into the demo mailbox.
 * An email whose send fails waits and is tried again with backoff; nothing else waits for it.
 * Without SMTP_URL outside production (or with EMAIL_DISABLED) no email is queued at all.
 */
@Injectable()
export class EmailSender implements OnModuleInit, OnModuleDestroy {
  private timer?: NodeJS.Timeout;
  private running: Promise<void> | null = null;
  private readonly transport: Transporter | null;
  readonly demo: boolean;

  constructor(
    private readonly emails: EmailRepository,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(SERVICE_SETTINGS) private readonly settings: Partial<NotificationsSettings>,
  ) {
    this.demo = settings.EMAIL_TRANSPORT === 'demo';
    this.transport = settings.EMAIL_DISABLED
      ? null
      : this.demo
        ? nodemailer.createTransport({ jsonTransport: true })
        : settings.SMTP_URL
          ? nodemailer.createTransport(settings.SMTP_URL)
          : null;
  }

  /** Whether emails are sent at all (the inbox queues them only then). */
  get enabled(): boolean {
    return this.transport !== null;
  }

  onModuleInit(): void {
    if (!this.transport) {
      this.logger.info(
        { reason: this.settings.EMAIL_DISABLED ? 'EMAIL_DISABLED' : 'no SMTP_URL' },
        'emails are off: notifications are in-app only',
      );
      return;
    }
    this.timer = setInterval(() => void this.sendDue(), this.settings.EMAIL_SEND_MS ?? 1000);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
    this.transport?.close();
  }

  /** One round: every due email, one after the other (one round at a time). */
  sendDue(): Promise<void> {
    this.running ??= (async () => {
      try {
        for (const e of await this.emails.claimDue(BATCH, LEASE_MS)) await this.send(e);
      } catch (err) {
        this.logger.warn({ err }, 'sending emails failed; tried again next round');
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  private async send(e: QueuedEmail): Promise<void> {
    try {
      await this.transport!.sendMail({
        from: this.settings.EMAIL_FROM,
        to: e.to,
        subject: e.subject,
        text: e.text,
        html: e.html,
        headers: { 'X-Luxe-Kind': e.kind },
        ...(e.unsubscribeUrl ? { list: { unsubscribe: e.unsubscribeUrl } } : {}),
      });
      if (this.demo) await this.emails.keepDemo(e);
      await this.emails.markSent(e.id);
    } catch (err) {
      const delay = backoffMs(e.attempts);
      this.logger.warn(
        { err, emailId: e.id, attempts: e.attempts, retryInMs: delay },
        'an email could not be sent; tried again later',
      );
      await this.emails.retryLater(e.id, delay, String((err as Error)?.message ?? err));
    }
  }
}
