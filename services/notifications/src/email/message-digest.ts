import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type Redis from 'ioredis';
import { presenceOf, REDIS } from '@luxe/platform/http';
import { LOGGER, SERVICE_SETTINGS, type Logger } from '@luxe/platform/runtime';
import { CardRepository } from '../cards/card.repository';
import { NotificationRepository } from '../inbox/notification.repository';
import { LINKS } from '../inbox/notification.texts';
import type { NotificationsSettings } from '../notifications.settings';
import { EmailRepository } from './email.repository';
import { EmailSender } from './email.sender';
import { renderEmail } from './email.templates';

/** At most this many messages are listed in one email (the rest are counted). */
const LISTED = 5;

/**
 * Messages by email, batched (docs/product.md#messaging-notifications):
 * a member whose message notifications stay unread
 * MESSAGE_EMAIL_AFTER_MS, and who has had no live socket since the first of them arrived (the
 * gateways' presence), gets one email listing them; had he a socket open meanwhile, they are not
 * emailed at all (he saw them come in). Each notification is emailed or skipped once: its rows are
 * taken under FOR UPDATE SKIP LOCKED, so several replicas never email the same ones.
 */
@Injectable()
export class MessageDigest implements OnModuleInit, OnModuleDestroy {
  private timer?: NodeJS.Timeout;
  private running: Promise<void> | null = null;

  constructor(
    private readonly ds: DataSource,
    private readonly cards: CardRepository,
    private readonly notifications: NotificationRepository,
    private readonly emails: EmailRepository,
    private readonly sender: EmailSender,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(SERVICE_SETTINGS) private readonly settings: Partial<NotificationsSettings>,
  ) {}

  onModuleInit(): void {
    if (!this.sender.enabled) return;
    this.timer = setInterval(() => void this.run(), this.settings.MESSAGE_DIGEST_MS ?? 60_000);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  /** One round (one at a time): every member with messages waiting long enough. */
  run(): Promise<void> {
    this.running ??= (async () => {
      try {
        const after = this.settings.MESSAGE_EMAIL_AFTER_MS ?? 300_000;
        const members = await this.notifications.membersWithWaitingMessages(after);
        for (const userId of members) await this.ds.transaction((m) => this.one(m, userId, after));
      } catch (err) {
        this.logger.warn({ err }, 'message emails: a round failed; tried again next round');
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  private async one(m: EntityManager, userId: string, after: number): Promise<void> {
    const rows = await this.notifications.lockWaitingMessages(m, userId);
    // Everything waiting goes in one email once the oldest has waited long enough (taken by
    // another replica meanwhile, or read: nothing to do).
    if (!rows.length || new Date(rows[0]!.created_at).getTime() > Date.now() - after) return;
    const presence = await presenceOf(this.redis, this.settings.KAFKA_TOPIC_PREFIX ?? '', userId);
    const first = new Date(rows[0]!.created_at).getTime();
    const away = presence === null || (presence !== 'online' && presence < first);
    const to = away ? await this.cards.emailRecipient(m, userId, 'message-received') : null;
    const wanted = !!to?.email && to.wants;
    if (away && wanted) {
      const n = rows.length;
      const listed = rows.slice(-LISTED).map((r) => `${r.title}: “${r.body}”`);
      const draft = {
        userId,
        kind: 'message-received' as const,
        factKey: `message-digest:${rows[0]!.id}`,
        title: n === 1 ? 'You have a new message on LuxeSwipe' : `You have ${n} new messages on LuxeSwipe`,
        body: listed.join('\n'),
        ...(n > LISTED ? { detail: `And ${n - LISTED} more.` } : {}),
        link: LINKS.messages,
      };
      await this.emails.enqueue(
        m,
        rows[0]!.id,
        userId,
        'message-received',
        to!.email!,
        renderEmail('message-received', draft, to!, this.settings.PUBLIC_WEB_URL ?? 'http://localhost:3000'),
      );
    }
    await this.notifications.markEmailState(
      m,
      rows.map((r) => r.id),
      away && wanted ? 'emailed' : 'skipped',
    );
  }
}
