import { adminService } from '@luxe/admin';
import { bookingsService } from '@luxe/bookings';
import { identityService } from '@luxe/identity';
import { messagingService } from '@luxe/messaging';
import { notificationsService } from '@luxe/notifications';
import { paymentsService } from '@luxe/payments';
import type { ServiceDefinition } from '@luxe/platform';
import { socialService } from '@luxe/social';
import { venuesService } from '@luxe/venues';

/** Every service, in start order. */
export const SERVICES: ServiceDefinition[] = [
  identityService,
  venuesService,
  bookingsService,
  socialService,
  messagingService,
  paymentsService,
  adminService,
  notificationsService,
];
