import { authRoutes } from './auth.routes';
import { userRoutes } from './users.routes';
import { staffRoutes, venueImageRoutes, venueRoutes } from './venues.routes';
import { bookingRoutes, friendRoutes, paymentRoutes } from './bookings.routes';
import { discoveryRoutes, inviteRoutes, joinRequestRoutes, safetyRoutes, swipeRoutes } from './social.routes';
import { guestListRoutes } from './waitlist.routes';
import { conversationRoutes, realtimeRoutes } from './messaging.routes';
import { adminRoutes, entertainerRoutes } from './admin.routes';
import { passRoutes } from './passes.routes';
import { splitRoutes } from './split.routes';
import { notificationRoutes } from './notifications.routes';
import type { RouteDef } from './route';

export * from './route';
export * from './auth.routes';
export * from './users.routes';
export * from './venues.routes';
export * from './bookings.routes';
export * from './social.routes';
export * from './waitlist.routes';
export * from './messaging.routes';
export * from './admin.routes';
export * from './passes.routes';
export * from './split.routes';
export * from './notifications.routes';

/**
 * The whole documented `/api` surface, one entry per route, grouped by feature.
 * Every later feature adds its group here.
 */
export const api = {
  auth: authRoutes,
  users: userRoutes,
  venues: venueRoutes,
  staff: staffRoutes,
  venueImages: venueImageRoutes,
  bookings: bookingRoutes,
  friends: friendRoutes,
  payments: paymentRoutes,
  joinRequests: joinRequestRoutes,
  guestList: guestListRoutes,
  invites: inviteRoutes,
  swipes: swipeRoutes,
  discovery: discoveryRoutes,
  safety: safetyRoutes,
  conversations: conversationRoutes,
  realtime: realtimeRoutes,
  admin: adminRoutes,
  entertainers: entertainerRoutes,
  passes: passRoutes,
  split: splitRoutes,
  notifications: notificationRoutes,
} as const;

/** Every route as a flat list (gateway registration, OpenAPI, coverage tests). */
export const allRoutes: readonly RouteDef[] = Object.values(api).flatMap((group) => Object.values(group) as RouteDef[]);

export function routesOf(service: RouteDef['service']): RouteDef[] {
  return allRoutes.filter((r) => r.service === service);
}
