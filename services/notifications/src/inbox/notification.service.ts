import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  EMAIL_KINDS,
  EMAIL_VERIFICATION_HOURS,
  NOTIFICATION_ERRORS,
  PASSWORD_RESET_MINUTES,
  type EventData,
  type EmailKind,
  type EmailPreferences,
  type EmailPreferencesInput,
  type Notification,
  type NotificationPage,
} from '@luxe/contracts';
import { Outbox } from '@luxe/platform/events';
import { Actor, AppError, requireMember } from '@luxe/platform/http';
import { SERVICE_SETTINGS } from '@luxe/platform/runtime';
import { commitWith, queryAtOnce, type LiteralStatement } from '@luxe/platform/db';
import { CardRepository } from '../cards/card.repository';
import { EmailRepository } from '../email/email.repository';
import { EmailSender } from '../email/email.sender';
import { renderEmail, renderEmailVerification, renderPasswordReset } from '../email/email.templates';
import type { NotificationsSettings } from '../notifications.settings';
import { NotificationRepository } from './notification.repository';
import type { NotificationDraft } from './notification.texts';

const isEmailKind = (k: string): k is EmailKind => (EMAIL_KINDS as readonly string[]).includes(k);

/**
 * A member's notifications: written from the facts the other services publish (once per member
 * and fact), pushed to his open sessions (`notification-created`), emailed when the kind has an
 * email and he did not turn it off; read, counted and marked read by him alone.
 */
@Injectable()
export class NotificationService {
  constructor(
    private readonly notifications: NotificationRepository,
    private readonly cards: CardRepository,
    private readonly emails: EmailRepository,
    private readonly sender: EmailSender,
    private readonly outbox: Outbox,
    @Inject(SERVICE_SETTINGS) private readonly settings: Partial<NotificationsSettings>,
  ) {}

  /**
   * Writes the draft in the event's transaction; a fact the member was already told writes nothing
   * (no push, no email). Two round trips whatever the kind: `before` (the effect's own writes that
   * decide nothing), the notification and its email's recipient in one; its event and its email in
   * the other (with `commit`, that one also ends the transaction: `commitWith`, the inbox's
   * effect's last act). Each statement on a round trip of its own cost the consuming process and
   * the server a wake-up apiece, on the path of every booking event (docs/benchmarks.md).
   */
  async notify(
    m: EntityManager,
    d: NotificationDraft,
    options: { before?: readonly LiteralStatement[]; commit?: boolean } = {},
  ): Promise<Notification | null> {
    const before = options.before ?? [];
    // Messages go out batched, to members away for a while (MessageDigest), never one by one.
    const emailKind = this.sender.enabled && isEmailKind(d.kind) && d.kind !== 'message-received' ? d.kind : null;
    const first = await queryAtOnce(m, [
      ...before,
      this.notifications.addStatement(randomUUID(), d, new Date()),
      ...(emailKind ? [this.cards.emailRecipientStatement(d.userId, emailKind)] : []),
    ]);
    const last = options.commit ? commitWith : queryAtOnce;
    const n = NotificationRepository.added(first[before.length]);
    if (!n) {
      if (options.commit) await last(m, []);
      return null;
    }
    const event = this.outbox.statementOf({
      type: 'notifications.notification-created',
      key: n.id,
      data: {
        notificationId: n.id,
        userId: d.userId,
        kind: n.kind,
        title: n.title,
        body: n.body,
        link: n.link,
        createdAt: n.createdAt,
      },
    });
    const to = emailKind ? CardRepository.recipient(first[before.length + 1]) : null;
    const email =
      emailKind && to?.email && to.wants
        ? [
            this.emails.enqueueStatement(
              n.id,
              d.userId,
              emailKind,
              to.email,
              renderEmail(emailKind, d, to, this.webUrl),
            ),
          ]
        : [];
    await last(m, [event.statement, ...email]);
    return n;
  }

  /**
   * The password-reset link, to the address identity gave (the account's own), whatever the
   * preferences say: the member asked for it. Nothing in the inbox. Without email (EMAIL_DISABLED,
   * or no SMTP outside production) nothing can be sent: the member asks again once it is back.
   */
  async passwordReset(
    m: EntityManager,
    dedupeKey: string,
    d: EventData<'identity.password-reset-requested'>,
  ): Promise<void> {
    if (!this.sender.enabled) return;
    const email = renderPasswordReset({ firstName: d.firstName }, d.token, PASSWORD_RESET_MINUTES, this.webUrl);
    await this.emails.enqueueAccountEmail(m, dedupeKey, d.userId, 'password-reset', d.email, email);
  }

  /** The verification link, likewise (the member asked for it by signing up, or again from his profile). */
  async emailVerification(
    m: EntityManager,
    dedupeKey: string,
    d: EventData<'identity.email-verification-requested'>,
  ): Promise<void> {
    if (!this.sender.enabled) return;
    const email = renderEmailVerification({ firstName: d.firstName }, d.token, EMAIL_VERIFICATION_HOURS, this.webUrl);
    await this.emails.enqueueAccountEmail(m, dedupeKey, d.userId, 'email-verification', d.email, email);
  }

  private get webUrl(): string {
    return this.settings.PUBLIC_WEB_URL ?? 'http://localhost:3000';
  }

  /**
   * The member read a conversation: his message notifications of it up to then are read, and his
   * open sessions are told the new count (nothing when none was unread).
   */
  async conversationRead(m: EntityManager, d: EventData<'messaging.conversation-read'>): Promise<void> {
    if (
      (await this.notifications.markSubjectRead(
        m,
        d.readerId,
        'message-received',
        d.conversationId,
        new Date(d.readAt),
      )) === 0
    )
      return;
    await this.outbox.add(m, 'notifications.notifications-read', d.readerId, {
      userId: d.readerId,
      unreadCount: await this.notifications.unreadCountIn(m, d.readerId),
    });
  }

  async list(actor: Actor, page: number, pageSize: number): Promise<NotificationPage> {
    requireMember(actor);
    return { ...(await this.notifications.page(actor.userId, page, pageSize)), page, pageSize };
  }

  async unreadCount(actor: Actor): Promise<{ unreadCount: number }> {
    requireMember(actor);
    return { unreadCount: await this.notifications.unreadCount(actor.userId) };
  }

  async markRead(actor: Actor, id: string): Promise<Notification> {
    requireMember(actor);
    const n = await this.notifications.markRead(actor.userId, id);
    if (!n) throw AppError.of(NOTIFICATION_ERRORS.NOT_FOUND);
    return n;
  }

  async markAllRead(actor: Actor): Promise<{ unreadCount: number }> {
    requireMember(actor);
    await this.notifications.markAllRead(actor.userId);
    return { unreadCount: 0 };
  }

  async preferences(actor: Actor): Promise<EmailPreferences> {
    requireMember(actor);
    return this.emails.preferences(actor.userId);
  }

  async setPreferences(actor: Actor, input: EmailPreferencesInput): Promise<EmailPreferences> {
    requireMember(actor);
    await this.emails.setPreferences(actor.userId, input);
    return this.emails.preferences(actor.userId);
  }

  /** An email's unsubscribe link: the kind is off for the token's member. */
  async unsubscribe(token: string, kind: EmailKind): Promise<{ kind: EmailKind }> {
    const member = await this.cards.memberByToken(token);
    if (!member) throw AppError.of(NOTIFICATION_ERRORS.UNSUBSCRIBE_TOKEN);
    await this.emails.setPreferences(member.userId, { [kind]: false });
    return { kind };
  }

  /** The embedded demo's mailbox; "not found" wherever emails are really sent. */
  async demoMailbox() {
    if (!this.sender.demo || this.settings.NODE_ENV === 'production')
      throw AppError.of(NOTIFICATION_ERRORS.MAILBOX_OFF);
    return { emails: await this.emails.demoEmails() };
  }
}
