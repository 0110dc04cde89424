import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { EventData } from '@luxe/contracts';
import { UserErasureService, type LiteralStatement } from '@luxe/platform/db';
import { CardRepository } from '../cards/card.repository';
import { NotificationService } from './notification.service';
import { ReminderScheduler } from '../reminders/reminder.scheduler';
import { excerpt, LINKS, money, nameOf, where, type NotificationDraft } from './notification.texts';

/**
 * Turns the other services' facts into notifications, one per recipient: who is told and in
 * which words. Each method runs in the event's inbox transaction; the fact key makes a second
 * telling of the same fact (a replay, a duplicate event) write nothing.
 */
@Injectable()
export class FactService {
  private readonly erasures = new UserErasureService();
  constructor(
    private readonly cards: CardRepository,
    private readonly notifications: NotificationService,
    private readonly reminders: ReminderScheduler,
  ) {}

  /** The fact's notification, its method's last act: its last writes go with the inbox transaction's COMMIT. */
  private tell(m: EntityManager, d: NotificationDraft, before: readonly LiteralStatement[] = []): Promise<unknown> {
    return this.notifications.notify(m, d, { before, commit: true });
  }

  // Members (identity).
  async memberRegistered(m: EntityManager, d: EventData<'identity.user-registered'>): Promise<void> {
    await this.cards.upsertMember(m, {
      userId: d.userId,
      firstName: d.firstName,
      userType: d.userType,
      email: d.email,
    });
  }
  async memberUpdated(m: EntityManager, d: EventData<'identity.user-profile-updated'>): Promise<void> {
    await this.cards.upsertMember(m, { userId: d.userId, firstName: d.firstName, userType: d.userType, email: null });
  }
  /** Its own stream, so it may come after the member's erasure: then it is dropped. */
  async passwordResetRequested(
    m: EntityManager,
    eventId: string,
    d: EventData<'identity.password-reset-requested'>,
  ): Promise<void> {
    if (await this.erasures.isErased(m, d.userId)) return;
    await this.notifications.passwordReset(m, `password-reset:${eventId}`, d);
  }
  async emailVerificationRequested(
    m: EntityManager,
    eventId: string,
    d: EventData<'identity.email-verification-requested'>,
  ): Promise<void> {
    if (await this.erasures.isErased(m, d.userId)) return;
    await this.notifications.emailVerification(m, `email-verification:${eventId}`, d);
  }
  /** The deletion saga: everything of the member goes, and the erasure is recorded (nothing is written for him after it). */
  async memberDeleted(m: EntityManager, userId: string): Promise<void> {
    await this.cards.eraseMember(m, userId);
    await this.erasures.record(m, userId);
  }

  // Bookings.
  async bookingHeld(m: EntityManager, d: EventData<'bookings.booking-held'>): Promise<void> {
    await this.cards.upsertBooking(m, {
      bookingId: d.bookingId,
      hostId: d.hostId,
      venueName: null,
      bookingDate: null,
      startTime: null,
    });
  }
  async bookingConfirmed(m: EntityManager, d: EventData<'bookings.booking-confirmed'>): Promise<void> {
    const card = {
      bookingId: d.bookingId,
      hostId: d.hostId,
      venueName: d.venueName,
      bookingDate: d.bookingDate,
      startTime: d.startTime,
      startsAt: new Date(d.startsAt),
    };
    // The card and the reminders go with the notification (three round trips in all with the inbox's).
    const before = [
      this.cards.upsertBookingStatement(card),
      ...(await this.reminders.statements(d.bookingId, card.startsAt)),
    ];
    await this.tell(
      m,
      {
        userId: d.hostId,
        kind: 'booking-confirmed',
        factKey: `booking-confirmed:${d.bookingId}`,
        title: 'Booking confirmed',
        body: `${where(card)} is booked.`,
        detail: `${d.duration} h, ${d.sectionType}, total $${d.totalCost}.`,
        link: LINKS.hostBookings,
      },
      before,
    );
  }
  async bookingCancelled(m: EntityManager, d: EventData<'bookings.booking-cancelled'>): Promise<void> {
    // A hold that lapsed was never a booking: the member left the payment page, nothing to tell.
    if (d.reason === 'hold-expired') return;
    // Its reminders, still queued, find it cancelled and tell nobody.
    await this.cards.markCancelled(m, d.bookingId);
    const b = await this.cards.booking(m, d.bookingId);
    if (!b) return;
    const why =
      {
        'payment-failed': 'The payment did not go through.',
        'cancelled-by-host': 'You cancelled it.',
        'venue-deleted': 'The venue was removed.',
        'host-deleted': 'The account was deleted.',
      }[d.reason] ?? '';
    const refund = d.refundAmount ? ` A refund of ${money(d.refundAmount)} goes back to your card.` : '';
    await this.tell(m, {
      userId: b.hostId,
      kind: 'booking-cancelled',
      factKey: `booking-cancelled:${d.bookingId}`,
      title: 'Booking cancelled',
      body: `${where(b)} is cancelled.`,
      detail: `${why}${refund}`.trim() || undefined,
      link: LINKS.hostBookings,
    });
  }
  async refundIssued(m: EntityManager, d: EventData<'payments.refund-issued'>): Promise<void> {
    const b = await this.cards.booking(m, d.bookingId);
    if (!b) return;
    // The member whose card it goes back to: a guest who paid a share of a split hears of his own
    // refund; the previous release's events name nobody, and then it was the host's payment.
    const payer = d.payerId ?? b.hostId;
    const guest = payer !== b.hostId;
    await this.tell(m, {
      userId: payer,
      kind: 'refund-issued',
      factKey: `refund-issued:${d.refundId}`,
      title: 'Refund issued',
      body: `${money(d.amount, d.currency)}${guest ? ', your share' : ''} for ${where(b)} is on its way back to your card.`,
      detail: 'Refunds usually show on your statement within 5 to 10 business days.',
      link: guest ? LINKS.guestEvents : LINKS.hostBookings,
    });
  }

  // Invites and join requests (social).
  async inviteSent(m: EntityManager, d: EventData<'social.invite-sent'>): Promise<void> {
    const host = await this.cards.member(d.hostId, m);
    await this.tell(m, {
      userId: d.guestId,
      kind: 'invite-received',
      factKey: `invite-received:${d.inviteId}`,
      title: `${nameOf(host)} invited you`,
      body: `${d.eventTitle} on ${d.eventDate}.`,
      link: LINKS.invites,
    });
  }
  async inviteAnswered(m: EntityManager, d: EventData<'social.invite-accepted'>, accepted: boolean): Promise<void> {
    if (accepted && d.bookingId) await this.cards.addGuest(m, d.bookingId, d.guestId);
    const guest = await this.cards.member(d.guestId, m);
    await this.tell(m, {
      userId: d.hostId,
      kind: accepted ? 'invite-accepted' : 'invite-declined',
      factKey: `invite-${accepted ? 'accepted' : 'declined'}:${d.inviteId}`,
      title: `${nameOf(guest)} ${accepted ? 'accepted' : 'declined'} your invite`,
      body: `${d.eventTitle} on ${d.eventDate}.`,
      link: accepted ? LINKS.messages : LINKS.sentInvites,
    });
  }
  async joinRequestCreated(m: EntityManager, d: EventData<'social.join-request-created'>): Promise<void> {
    const [guest, b] = [await this.cards.member(d.guestId, m), await this.cards.booking(m, d.bookingId)];
    await this.tell(m, {
      userId: d.hostId,
      kind: 'join-request-received',
      factKey: `join-request-received:${d.requestId}`,
      title: `${nameOf(guest)} asks to join`,
      body: `${where(b)}.`,
      link: LINKS.hostBookings,
    });
  }
  async joinRequestAnswered(
    m: EntityManager,
    d: EventData<'social.join-request-approved'>,
    approved: boolean,
  ): Promise<void> {
    if (approved) await this.cards.addGuest(m, d.bookingId, d.guestId);
    const b = await this.cards.booking(m, d.bookingId);
    await this.tell(m, {
      userId: d.guestId,
      kind: approved ? 'join-request-approved' : 'join-request-declined',
      factKey: `join-request-${approved ? 'approved' : 'declined'}:${d.requestId}`,
      title: approved ? 'Your join request was approved' : 'Your join request was declined',
      body: `${where(b)}.`,
      detail: approved ? 'Your host is waiting for you in Messages.' : 'There are more events to discover.',
      link: LINKS.guestEvents,
    });
  }

  /** Taken off the guest list: no reminder of that event for him. */
  guestRemoved(m: EntityManager, d: EventData<'social.guest-removed'>): Promise<void> {
    return this.cards.removeGuest(m, d.bookingId, d.guestId);
  }

  // Messages.
  async messageSent(m: EntityManager, d: EventData<'messaging.message-sent'>): Promise<void> {
    const sender = await this.cards.member(d.senderId, m);
    await this.tell(m, {
      userId: d.recipientId,
      kind: 'message-received',
      factKey: `message-received:${d.messageId}`,
      title: `New message from ${nameOf(sender, 'a member')}`,
      body: excerpt(d.content),
      link: LINKS.messages,
      subjectId: d.conversationId,
    });
  }
  conversationRead(m: EntityManager, d: EventData<'messaging.conversation-read'>): Promise<void> {
    return this.notifications.conversationRead(m, d);
  }

  // Venues and VIP rooms.
  async venueChanged(m: EntityManager, d: EventData<'venues.venue-created'>): Promise<void> {
    await this.cards.upsertVenue(m, { venueId: d.venueId, ownerId: d.ownerId, name: d.name });
  }
  async venueDeleted(m: EntityManager, venueId: string): Promise<void> {
    await this.cards.removeVenue(m, venueId);
  }
  async venueDecided(m: EntityManager, d: EventData<'venues.venue-approved'>, eventId: string): Promise<void> {
    const v = await this.cards.venue(m, d.venueId);
    if (!v) return;
    const approved = d.status === 'approved';
    await this.tell(m, {
      userId: v.ownerId,
      kind: approved ? 'venue-approved' : 'venue-rejected',
      // A venue can be decided again (rejected, edited, approved): each decision is a fact of its own.
      factKey: `venue-${d.status}:${d.venueId}:${eventId}`,
      title: approved ? `${v.name} is approved` : `${v.name} was not approved`,
      body: approved ? 'Members can now discover and book it.' : 'Review its details and submit it again.',
      link: LINKS.venueDashboard,
    });
  }
  async vipAssignmentChanged(m: EntityManager, d: EventData<'venues.vip-assignment-changed'>): Promise<void> {
    const v = await this.cards.venue(m, d.venueId);
    if (d.status === 'proposed' && d.entertainerUserId) {
      await this.tell(m, {
        userId: d.entertainerUserId,
        kind: 'vip-assignment-proposed',
        factKey: `vip-assignment-proposed:${d.assignmentId}`,
        title: 'A VIP room assignment for you',
        body: `${v?.name ?? 'A venue'} proposes a VIP room to you: accept or decline it.`,
        link: LINKS.assignments,
      });
    } else if ((d.status === 'accepted' || d.status === 'declined') && v) {
      await this.tell(m, {
        userId: v.ownerId,
        kind: 'vip-assignment-answered',
        factKey: `vip-assignment-${d.status}:${d.assignmentId}`,
        title: `A VIP room assignment was ${d.status}`,
        body: `At ${v.name}.`,
        link: LINKS.venueDashboard,
      });
    }
  }

  // Accounts (admin).
  async suspended(m: EntityManager, d: EventData<'admin.user-suspended'>, eventId: string): Promise<void> {
    await this.tell(m, {
      userId: d.userId,
      kind: 'account-suspended',
      factKey: `account-suspended:${eventId}`,
      title: 'Your account is suspended',
      body: 'You cannot sign in while it lasts.',
      detail: d.reason ? `Reason: ${d.reason}` : undefined,
      link: LINKS.safety,
    });
  }
  async reinstated(m: EntityManager, d: EventData<'admin.user-reinstated'>, eventId: string): Promise<void> {
    await this.tell(m, {
      userId: d.userId,
      kind: 'account-reinstated',
      factKey: `account-reinstated:${eventId}`,
      title: 'Your account is active again',
      body: 'Welcome back.',
      link: LINKS.home,
    });
  }
}
