import { z } from 'zod';
import { AUTH_ERRORS } from '../errors/auth';
import { VENUE_ERRORS } from '../errors/venues';
import { venueIdParamsSchema, venueInputSchema, venueLocationParamsSchema, venueSchema } from '../venues';
import { defineRoute } from './route';

/**
 * Venues (spec doc 2 §7). Public reads show only approved, active venues; the owner sees his own
 * whatever their status. Only the owner (the session's user, never a body field) changes one.
 */
export const venueRoutes = {
  create: defineRoute({
    id: 'venues.create',
    method: 'POST',
    path: '/api/venues',
    service: 'venues',
    access: 'venue-owner',
    summary: 'List a new venue (pending until an administrator approves it)',
    body: venueInputSchema,
    response: venueSchema,
    status: 201,
    errors: [AUTH_ERRORS.UNAUTHENTICATED, AUTH_ERRORS.FORBIDDEN],
  }),
  update: defineRoute({
    id: 'venues.update',
    method: 'PUT',
    path: '/api/venues/:id',
    service: 'venues',
    access: 'venue-owner',
    summary: "Replace a venue's details (its owner only)",
    params: venueIdParamsSchema,
    body: venueInputSchema,
    response: venueSchema,
    errors: [AUTH_ERRORS.UNAUTHENTICATED, AUTH_ERRORS.FORBIDDEN, VENUE_ERRORS.NOT_FOUND, VENUE_ERRORS.NOT_OWNER],
  }),
  remove: defineRoute({
    id: 'venues.remove',
    method: 'DELETE',
    path: '/api/venues/:id',
    service: 'venues',
    access: 'venue-owner',
    summary: 'Delete a venue (its owner only)',
    params: venueIdParamsSchema,
    response: z.null(),
    status: 204,
    errors: [AUTH_ERRORS.UNAUTHENTICATED, AUTH_ERRORS.FORBIDDEN, VENUE_ERRORS.NOT_FOUND, VENUE_ERRORS.NOT_OWNER],
  }),
  get: defineRoute({
    id: 'venues.get',
    method: 'GET',
    path: '/api/venues/:id',
    service: 'venues',
    access: 'public',
    summary: 'One venue: approved and active, or your own',
    params: venueIdParamsSchema,
    response: venueSchema,
    errors: [VENUE_ERRORS.NOT_FOUND],
  }),
  list: defineRoute({
    id: 'venues.list',
    method: 'GET',
    path: '/api/venues',
    service: 'venues',
    access: 'public',
    summary: 'Every approved, active venue',
    response: z.array(venueSchema),
  }),
  byLocation: defineRoute({
    id: 'venues.byLocation',
    method: 'GET',
    path: '/api/venues/:city/:state/:type',
    service: 'venues',
    access: 'public',
    summary: 'Approved, active venues of a city or state, of a type (all, club, yacht)',
    params: venueLocationParamsSchema,
    response: z.array(venueSchema),
  }),
  mine: defineRoute({
    id: 'venues.mine',
    method: 'GET',
    path: '/api/my-venues',
    service: 'venues',
    access: 'venue-owner',
    summary: "The signed-in owner's venues, with their approval status",
    response: z.array(venueSchema),
    errors: [AUTH_ERRORS.UNAUTHENTICATED, AUTH_ERRORS.FORBIDDEN],
  }),
} as const;
