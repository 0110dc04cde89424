import { Inject, Injectable } from '@nestjs/common';
import {
  alreadyCheckedInMessage,
  BOOKING_ERRORS,
  nightOf,
  normalizePassCode,
  PASS_ERRORS,
  passTokenFrom,
  type CheckIn,
  type Pass,
  type PassView,
} from '@luxe/contracts';
import { Actor, AppError, requireMember } from '@luxe/platform/http';
import { SERVICE_SETTINGS } from '@luxe/platform/runtime';
import type { BookingEntity } from '../bookings/booking.entity';
import { BookingRepository } from '../bookings/booking.repository';
import { AttendeeRepository } from '../calendar/attendee.repository';
import { CatalogRepository } from '../catalog/catalog.repository';
import { FriendRepository } from '../friends/friend.repository';
import { DoorStaffService } from './door-staff.service';
import type { PassEntity } from './pass.entity';
import { PassRepository } from './pass.repository';
import { passSigningSecret, type BookingsSettings } from '../bookings.settings';
import { signPassToken, verifyPassToken, type PassSubject } from './pass-token';

/** A booking that still holds: its attendees have passes, and may come in. */
const holds = (b: BookingEntity) => b.status === 'confirmed' || b.status === 'completed';
const dateOf = (b: BookingEntity) =>
  typeof b.bookingDate === 'string' ? b.bookingDate : new Date(b.bookingDate).toISOString().slice(0, 10);

/**
 * Door passes (docs/product.md#passes). An attendee of a confirmed booking (its host, a guest approved to it, a
 * friend the host named for it) gets a pass: a token signed with HMAC-SHA256 (who it is for, in
 * base64url) and a short door code. The venue's owner checks a pass in at the door, once: the
 * pass must be for that venue and for the night under way in New York (`nightOf`), its booking
 * still confirmed, and its holder still an attendee.
 */
@Injectable()
export class PassService {
  private readonly secret: string;
  constructor(
    private readonly passes: PassRepository,
    private readonly friends: FriendRepository,
    private readonly bookings: BookingRepository,
    private readonly attendees: AttendeeRepository,
    private readonly catalog: CatalogRepository,
    private readonly doorStaff: DoorStaffService,
    @Inject(SERVICE_SETTINGS) settings: Partial<BookingsSettings>,
  ) {
    this.secret = passSigningSecret(settings);
  }

  /** `GET /api/bookings/{id}/pass`: the signed-in host's or approved guest's own pass. */
  async mine(actor: Actor, bookingId: string): Promise<Pass> {
    requireMember(actor);
    const b = await this.bookings.findById(bookingId);
    if (!b || !holds(b)) throw AppError.of(BOOKING_ERRORS.NOT_FOUND);
    const kind = b.hostId === actor.userId ? 'host' : (await this.attendees.has(b.id, actor.userId)) ? 'guest' : null;
    if (!kind) throw AppError.of(PASS_ERRORS.NOT_ATTENDEE);
    return this.issue({ bookingId: b.id, kind, attendeeId: actor.userId });
  }

  /** `GET /api/friends/invite/{token}/pass`: the pass of the friend the link is for, named for a confirmed booking. */
  async friend(inviteToken: string): Promise<Pass> {
    const f = await this.friends.findByToken(inviteToken);
    if (!f) throw AppError.of(BOOKING_ERRORS.INVITE_NOT_FOUND);
    const b = f.bookingId ? await this.bookings.findById(f.bookingId) : null;
    if (!b || !holds(b) || b.hostId !== f.userId) throw AppError.of(PASS_ERRORS.NOT_ATTENDEE);
    return this.issue({ bookingId: b.id, kind: 'friend', attendeeId: f.id });
  }

  /** `GET /api/passes/{token}`: what the pass page shows; a forged token, or a holder no longer invited, is not found. */
  async view(token: string): Promise<PassView> {
    const subject = verifyPassToken(this.secret, token);
    if (!subject) throw AppError.of(PASS_ERRORS.NOT_FOUND);
    const b = await this.bookings.findById(subject.bookingId);
    if (!b) throw AppError.of(PASS_ERRORS.NOT_FOUND);
    const name = await this.attendeeName(subject, b);
    if (name === null) throw AppError.of(PASS_ERRORS.NOT_FOUND);
    const pass = await this.passes.ensure(subject);
    return {
      venueName: b.venueName,
      venueCity: b.venueCity,
      sectionType: b.sectionType,
      bookingDate: dateOf(b),
      startTime: b.startTime,
      endTime: b.endTime,
      attendeeFirstName: firstName(name),
      kind: subject.kind,
      code: pass.code,
      status: !holds(b) ? 'cancelled' : pass.checkedInAt ? 'checked-in' : 'valid',
      checkedInAt: pass.checkedInAt ? new Date(pass.checkedInAt).toISOString() : null,
    };
  }

  /**
   * `POST /api/door/check-in`: the owner of the venue, or its door staff, checks a pass in (typed code, or the scanned
   * token or pass address). Refusals change nothing; a pass already used answers 409 with when.
   */
  async checkIn(
    actor: Actor,
    input: { venueId: string; code?: string; token?: string },
    now: Date = new Date(),
  ): Promise<CheckIn> {
    requireMember(actor);
    // The venue's owner, or a member he made door staff there (docs/product.md#passes); nobody else.
    const venue = await this.catalog.venue(input.venueId);
    if (!venue || !(await this.doorStaff.mayCheckIn(actor.userId, venue)))
      throw AppError.of(PASS_ERRORS.NOT_YOUR_VENUE);

    let pass: PassEntity | null;
    if (input.token) {
      const token = passTokenFrom(input.token);
      const subject = token ? verifyPassToken(this.secret, token) : null;
      if (!subject) throw AppError.of(PASS_ERRORS.NOT_FOUND);
      pass = (await this.bookings.findById(subject.bookingId)) ? await this.passes.ensure(subject) : null;
    } else {
      pass = await this.passes.byCode(normalizePassCode(input.code ?? ''));
    }
    if (!pass) throw AppError.of(PASS_ERRORS.NOT_FOUND);
    const b = await this.bookings.findById(pass.bookingId);
    if (!b) throw AppError.of(PASS_ERRORS.NOT_FOUND);
    if (b.venueId !== venue.venueId) throw AppError.of(PASS_ERRORS.OTHER_VENUE);
    if (b.status === 'cancelled' || b.status === 'expired') throw AppError.of(PASS_ERRORS.CANCELLED);
    if (!holds(b)) throw AppError.of(PASS_ERRORS.NOT_CONFIRMED);
    if (dateOf(b) !== nightOf(now)) throw AppError.of(PASS_ERRORS.OTHER_DATE);
    const name = await this.attendeeName(pass, b);
    if (name === null) throw AppError.of(PASS_ERRORS.NOT_FOUND);

    const { first, at } = await this.passes.checkIn(pass.id, actor.userId);
    if (!first) throw AppError.of(PASS_ERRORS.ALREADY_CHECKED_IN, { message: alreadyCheckedInMessage(at) });
    return {
      status: 'checked-in',
      attendeeName: name,
      kind: pass.kind,
      bookingId: b.id,
      sectionType: b.sectionType,
      startTime: b.startTime,
      checkedInAt: at.toISOString(),
    };
  }

  private async issue(s: PassSubject): Promise<Pass> {
    const pass = await this.passes.ensure(s);
    const token = signPassToken(this.secret, s);
    return { token, code: pass.code, url: `/pass/${token}` };
  }

  /** The attendee's name while he still is one (the host; a guest still approved; a friend still named for it), else null. */
  private async attendeeName(s: PassSubject, b: BookingEntity): Promise<string | null> {
    if (s.kind === 'host')
      return s.attendeeId === b.hostId ? ((await this.catalog.member(s.attendeeId))?.firstName ?? 'Host') : null;
    if (s.kind === 'guest')
      return (await this.attendees.has(b.id, s.attendeeId))
        ? ((await this.catalog.member(s.attendeeId))?.firstName ?? 'Guest')
        : null;
    const f = await this.friends.findById(s.attendeeId);
    return f && f.bookingId === b.id ? f.name : null;
  }
}

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;
