import { Injectable } from '@nestjs/common';
import { BOOKING_ERRORS } from '@luxe/contracts';
import { Actor, AppError, requireMember } from '@luxe/platform/http';
import { BookingRepository } from '../bookings/booking.repository';
import { toBooking } from '../bookings/booking.mapper';
import { AttendeeRepository } from './attendee.repository';
import { bookingCalendar } from './ics';

/** Calendar files of confirmed bookings, for their host and their approved guests. */
@Injectable()
export class CalendarService {
  constructor(
    private readonly bookings: BookingRepository,
    private readonly attendees: AttendeeRepository,
  ) {}

  /** Anyone else, and a booking not (or no longer) confirmed, is told the booking does not exist. */
  async calendar(actor: Actor, id: string): Promise<string> {
    requireMember(actor);
    const b = await this.bookings.findById(id);
    if (!b || b.status !== 'confirmed') throw AppError.of(BOOKING_ERRORS.NOT_FOUND);
    if (b.hostId !== actor.userId && !(await this.attendees.has(b.id, actor.userId)))
      throw AppError.of(BOOKING_ERRORS.NOT_FOUND);
    return bookingCalendar(toBooking(b));
  }
}
