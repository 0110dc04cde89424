import { Module } from '@nestjs/common';
import { BookingController } from './bookings/booking.controller';
import { PaymentOutcomeConsumer } from './bookings/booking.consumer';
import { BookingRepository } from './bookings/booking.repository';
import { BookingService } from './bookings/booking.service';
import { BookingsErasureConsumer } from './bookings/erasure.consumer';
import { AttendeeConsumer } from './calendar/attendee.consumer';
import { AttendeeRepository } from './calendar/attendee.repository';
import { CalendarController } from './calendar/calendar.controller';
import { CalendarService } from './calendar/calendar.service';
import { CatalogConsumer } from './catalog/catalog.consumer';
import { CatalogRepository } from './catalog/catalog.repository';
import { FriendController } from './friends/friend.controller';
import { FriendRepository } from './friends/friend.repository';
import { FriendService } from './friends/friend.service';
import { PassController } from './passes/pass.controller';
import { PassRepository } from './passes/pass.repository';
import { PassService } from './passes/pass.service';
import { DoorStaffRepository } from './passes/door-staff.repository';
import { DoorStaffService } from './passes/door-staff.service';
import { SplitConsumer } from './split/split.consumer';
import { SplitBookingService } from './split/split.service';

@Module({
  controllers: [
    CatalogConsumer,
    PaymentOutcomeConsumer,
    BookingsErasureConsumer,
    AttendeeConsumer,
    SplitConsumer,
    BookingController,
    FriendController,
    CalendarController,
    PassController,
  ],
  providers: [
    CatalogRepository,
    BookingRepository,
    BookingService,
    FriendService,
    AttendeeRepository,
    CalendarService,
    FriendRepository,
    PassRepository,
    PassService,
    DoorStaffRepository,
    DoorStaffService,
    SplitBookingService,
  ],
})
export class BookingsModule {}
