import { z } from 'zod';
import { AUTH_ERRORS } from '../errors/auth';
import { VENUE_ERRORS } from '../errors/venues';
import { addImageSchema, imageLocationSchema, imagePathResultSchema, uploadUrlSchema } from '../profile';
import {
  bartenderInputSchema,
  bartenderSchema,
  dancerInputSchema,
  dancerSchema,
  sectionIdParamsSchema,
  sectionInputSchema,
  sectionSchema,
  staffIdParamsSchema,
  venueIdParamsSchema,
  venueImageParamsSchema,
  venueImageQuerySchema,
  venueInputSchema,
  venueListQuerySchema,
  venueLocationParamsSchema,
  venueLocationQuerySchema,
  venueSchema,
} from '../venues';
import { defineRoute } from './route';

/**
 * What changes the public venue reads: the gateway drops its cached answers on these events.
 * `venue-created` too, though a new venue is pending (not public): cheap, and safe if that changes.
 */
const VENUE_CHANGES = [
  'venues.venue-created',
  'venues.venue-updated',
  'venues.venue-approved',
  'venues.venue-deleted',
] as const;

/**
 * Venues (docs/product.md#venues). Public reads show only approved, active venues; the owner sees
 * his own whatever their status. Only the owner (the session's user, never a body field) changes
 * one.
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
    summary: 'Delete a venue (its owner only; refused while it has upcoming bookings)',
    params: venueIdParamsSchema,
    response: z.null(),
    status: 204,
    errors: [
      AUTH_ERRORS.UNAUTHENTICATED,
      AUTH_ERRORS.FORBIDDEN,
      VENUE_ERRORS.NOT_FOUND,
      VENUE_ERRORS.NOT_OWNER,
      VENUE_ERRORS.HAS_UPCOMING_BOOKINGS,
    ],
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
    // The owner also sees his own venue in any status: only anonymous answers are shared.
    cache: { invalidatedBy: VENUE_CHANGES, sharedWith: 'anonymous' },
  }),
  list: defineRoute({
    id: 'venues.list',
    method: 'GET',
    path: '/api/venues',
    service: 'venues',
    access: 'public',
    summary:
      'Every approved, active venue; ?state= (a US state by name or code) narrows it to one state (a state-only search), ?type= to clubs or yachts',
    query: venueListQuerySchema,
    response: z.array(venueSchema),
    // The same list for every caller (keyed by its query).
    cache: { invalidatedBy: VENUE_CHANGES, sharedWith: 'anyone' },
  }),
  byLocation: defineRoute({
    id: 'venues.byLocation',
    method: 'GET',
    path: '/api/venues/:city/:state/:type',
    service: 'venues',
    access: 'public',
    summary:
      'Approved, active venues of a city in a state (the state by name or code: Florida or FL), of a type (all, club, yacht), newest first; a page of them (?limit=&cursor=, the next page in X-Next-Cursor)',
    params: venueLocationParamsSchema,
    query: venueLocationQuerySchema,
    response: z.array(venueSchema),
    paged: true,
    // The same list for every caller (keyed by its query: each page is an answer of its own).
    cache: { invalidatedBy: VENUE_CHANGES, sharedWith: 'anyone' },
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
  sections: defineRoute({
    id: 'venues.sections',
    method: 'GET',
    path: '/api/venues/:id/sections',
    service: 'venues',
    access: 'public',
    summary: "A venue's active sections (its owner also sees inactive ones)",
    params: venueIdParamsSchema,
    response: z.array(sectionSchema),
    errors: [VENUE_ERRORS.NOT_FOUND],
    // Sections show the venue's price (premium) and only a public venue's: its changes count too.
    cache: {
      invalidatedBy: [...VENUE_CHANGES, 'venues.section-changed', 'venues.section-removed'],
      sharedWith: 'anonymous',
    },
  }),
  createSection: defineRoute({
    id: 'venues.createSection',
    method: 'POST',
    path: '/api/venues/:id/sections',
    service: 'venues',
    access: 'venue-owner',
    summary: 'Add a section or VIP room (VIP rooms only for strip clubs; exclusive means one booking at a time)',
    params: venueIdParamsSchema,
    body: sectionInputSchema,
    response: sectionSchema,
    status: 201,
    errors: [
      AUTH_ERRORS.UNAUTHENTICATED,
      AUTH_ERRORS.FORBIDDEN,
      VENUE_ERRORS.NOT_FOUND,
      VENUE_ERRORS.NOT_OWNER,
      VENUE_ERRORS.VIP_ONLY_STRIP_CLUB,
    ],
  }),
  updateSection: defineRoute({
    id: 'venues.updateSection',
    method: 'PUT',
    path: '/api/sections/:id',
    service: 'venues',
    access: 'venue-owner',
    summary: "Replace a section's details (its venue's owner only)",
    params: sectionIdParamsSchema,
    body: sectionInputSchema,
    response: sectionSchema,
    errors: [
      AUTH_ERRORS.UNAUTHENTICATED,
      AUTH_ERRORS.FORBIDDEN,
      VENUE_ERRORS.SECTION_NOT_FOUND,
      VENUE_ERRORS.NOT_OWNER,
      VENUE_ERRORS.VIP_ONLY_STRIP_CLUB,
    ],
  }),
  removeSection: defineRoute({
    id: 'venues.removeSection',
    method: 'DELETE',
    path: '/api/sections/:id',
    service: 'venues',
    access: 'venue-owner',
    summary: "Delete a section (its venue's owner only), refused while an upcoming booking takes it",
    params: sectionIdParamsSchema,
    response: z.null(),
    status: 204,
    errors: [
      AUTH_ERRORS.UNAUTHENTICATED,
      AUTH_ERRORS.FORBIDDEN,
      VENUE_ERRORS.SECTION_NOT_FOUND,
      VENUE_ERRORS.NOT_OWNER,
      VENUE_ERRORS.SECTION_HAS_UPCOMING_BOOKINGS,
    ],
  }),
} as const;

const ownerErrors = [AUTH_ERRORS.UNAUTHENTICATED, AUTH_ERRORS.FORBIDDEN, VENUE_ERRORS.NOT_OWNER] as const;

/**
 * Dancers (entertainers) and bartenders of a venue (docs/product.md#venues-staff). The owner
 * manages them; members read a strip club's available dancers (the booking page's entertainer
 * picker).
 */
export const staffRoutes = {
  dancers: defineRoute({
    id: 'staff.dancers',
    method: 'GET',
    path: '/api/venues/:id/dancers',
    service: 'venues',
    access: 'member',
    summary: "A venue's dancers: all of them for its owner; a strip club's available dancers for other members",
    params: venueIdParamsSchema,
    response: z.array(dancerSchema),
    errors: [AUTH_ERRORS.UNAUTHENTICATED, VENUE_ERRORS.NOT_FOUND],
  }),
  createDancer: defineRoute({
    id: 'staff.createDancer',
    method: 'POST',
    path: '/api/venues/:id/dancers',
    service: 'venues',
    access: 'venue-owner',
    summary: 'Add a dancer (price modifier 0.5 to 3.0, default 1.00)',
    params: venueIdParamsSchema,
    body: dancerInputSchema,
    response: dancerSchema,
    status: 201,
    errors: [...ownerErrors, VENUE_ERRORS.NOT_FOUND, VENUE_ERRORS.NOT_YOUR_IMAGE],
  }),
  updateDancer: defineRoute({
    id: 'staff.updateDancer',
    method: 'PUT',
    path: '/api/dancers/:id',
    service: 'venues',
    access: 'venue-owner',
    summary:
      "Replace a dancer's details (the venue's owner only); made inactive only while no upcoming booking takes the dancer",
    params: staffIdParamsSchema,
    body: dancerInputSchema,
    response: dancerSchema,
    errors: [
      ...ownerErrors,
      VENUE_ERRORS.DANCER_NOT_FOUND,
      VENUE_ERRORS.NOT_YOUR_IMAGE,
      VENUE_ERRORS.DANCER_HAS_UPCOMING_BOOKINGS,
    ],
  }),
  removeDancer: defineRoute({
    id: 'staff.removeDancer',
    method: 'DELETE',
    path: '/api/dancers/:id',
    service: 'venues',
    access: 'venue-owner',
    summary: "Delete a dancer (the venue's owner only), refused while an upcoming booking takes the dancer",
    params: staffIdParamsSchema,
    response: z.null(),
    status: 204,
    errors: [...ownerErrors, VENUE_ERRORS.DANCER_NOT_FOUND, VENUE_ERRORS.DANCER_HAS_UPCOMING_BOOKINGS],
  }),
  bartenders: defineRoute({
    id: 'staff.bartenders',
    method: 'GET',
    path: '/api/venues/:id/bartenders',
    service: 'venues',
    access: 'venue-owner',
    summary: "A venue's bartenders (its owner only)",
    params: venueIdParamsSchema,
    response: z.array(bartenderSchema),
    errors: [...ownerErrors, VENUE_ERRORS.NOT_FOUND],
  }),
  createBartender: defineRoute({
    id: 'staff.createBartender',
    method: 'POST',
    path: '/api/venues/:id/bartenders',
    service: 'venues',
    access: 'venue-owner',
    summary: 'Add a bartender',
    params: venueIdParamsSchema,
    body: bartenderInputSchema,
    response: bartenderSchema,
    status: 201,
    errors: [...ownerErrors, VENUE_ERRORS.NOT_FOUND, VENUE_ERRORS.NOT_YOUR_IMAGE],
  }),
  updateBartender: defineRoute({
    id: 'staff.updateBartender',
    method: 'PUT',
    path: '/api/bartenders/:id',
    service: 'venues',
    access: 'venue-owner',
    summary: "Replace a bartender's details (the venue's owner only)",
    params: staffIdParamsSchema,
    body: bartenderInputSchema,
    response: bartenderSchema,
    errors: [...ownerErrors, VENUE_ERRORS.BARTENDER_NOT_FOUND, VENUE_ERRORS.NOT_YOUR_IMAGE],
  }),
  removeBartender: defineRoute({
    id: 'staff.removeBartender',
    method: 'DELETE',
    path: '/api/bartenders/:id',
    service: 'venues',
    access: 'venue-owner',
    summary: "Delete a bartender (the venue's owner only)",
    params: staffIdParamsSchema,
    response: z.null(),
    status: 204,
    errors: [...ownerErrors, VENUE_ERRORS.BARTENDER_NOT_FOUND],
  }),
} as const;

/**
 * Photos of venues, sections and staff: a presigned upload, then the server checks the stored
 * object (JPG, PNG or WebP by content, at most 10 MB), strips its metadata and keeps it under the
 * owner; the answer's path goes into the venue's (or section's, or dancer's) `images`.
 */
export const venueImageRoutes = {
  uploadUrl: defineRoute({
    id: 'venueImages.uploadUrl',
    method: 'POST',
    path: '/api/venue-images/upload-url',
    service: 'venues',
    access: 'venue-owner',
    rateLimit: 'member-uploads',
    summary:
      "A short-lived presigned POST for one venue photo (the form fields, then Content-Type image/... and the file; the storage refuses over 10 MB), and the upload's path",
    response: uploadUrlSchema,
    errors: [AUTH_ERRORS.UNAUTHENTICATED, AUTH_ERRORS.FORBIDDEN],
  }),
  add: defineRoute({
    id: 'venueImages.add',
    method: 'PUT',
    path: '/api/venue-images',
    service: 'venues',
    access: 'venue-owner',
    summary:
      'Check an uploaded venue photo (JPG, PNG or WebP by content, at most 10 MB), strip its metadata and keep it; answers its path',
    body: addImageSchema,
    response: imagePathResultSchema,
    errors: [AUTH_ERRORS.UNAUTHENTICATED, AUTH_ERRORS.FORBIDDEN, VENUE_ERRORS.UPLOAD_REJECTED],
  }),
  image: defineRoute({
    id: 'venueImages.image',
    method: 'GET',
    path: '/api/images/venues/:ownerId/:file',
    service: 'venues',
    access: 'public',
    summary:
      'A venue photo: a redirect to the stored file, cacheable (the path never changes content); `?w=800` its copy 800 pixels wide (WebP; a narrower photo keeps its width)',
    params: venueImageParamsSchema,
    query: venueImageQuerySchema,
    response: z.null(),
    serviceResponse: imageLocationSchema,
    status: 302,
    errors: [VENUE_ERRORS.IMAGE_NOT_FOUND],
    gatewayHandler: true,
  }),
  placeholderYacht: placeholder('yacht'),
  placeholderVenue: placeholder('venue'),
  placeholderSection: placeholder('section'),
} as const;

function placeholder(kind: 'yacht' | 'venue' | 'section') {
  return defineRoute({
    id: `venueImages.placeholder${kind[0]!.toUpperCase()}${kind.slice(1)}`,
    method: 'GET',
    path: `/api/placeholder-${kind}`,
    service: 'venues',
    access: 'public',
    summary: `The image shown for a ${kind} without photos: a redirect to it, cacheable; \`?w=800\` its copy 800 pixels wide`,
    query: venueImageQuerySchema,
    response: z.null(),
    serviceResponse: imageLocationSchema,
    status: 302,
    gatewayHandler: true,
  });
}
