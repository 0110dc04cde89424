import type { ServiceDefinition } from '@luxe/platform/runtime';
import { migrations } from './migrations';
import { BookingsModule } from './bookings.module';
import { BookingEntity } from './bookings/booking.entity';
import { BookingAttendee } from './calendar/attendee.entity';
import { DancerCard, MemberCard, SectionCard, VenueCard } from './catalog/catalog.entity';
import { FriendEntity } from './friends/friend.entity';
import { DoorStaffEntity } from './passes/door-staff.entity';
import { PassEntity } from './passes/pass.entity';
import { bookingsSettingsSchema } from './bookings.settings';

export const bookingsService: ServiceDefinition = {
  name: 'bookings',
  module: BookingsModule,
  migrations,
  entities: [
    VenueCard,
    SectionCard,
    DancerCard,
    MemberCard,
    BookingEntity,
    FriendEntity,
    BookingAttendee,
    PassEntity,
    DoorStaffEntity,
  ],
  usesStorage: true,
  settings: bookingsSettingsSchema,
};
