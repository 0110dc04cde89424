import { http, HttpResponse, type JsonBodyType } from 'msw';
import type {
  Admin,
  AdminDancer,
  AdminReport,
  AdminUser,
  AdminVenue,
  AdminVipRoom,
  AuditEntry,
  VipAssignment,
} from '@luxe/contracts';
import { STORAGE_KEYS } from '../lib/storage';
import { server } from './server';

let seq = 0;
const uuid = (prefix: string, n: number) => `${prefix}-0000-4000-8000-${String(n).padStart(12, '0')}`;
const next = () => (seq += 1);

export const ADMIN_TOKEN = 'signed.admin.token';

export function makeAdmin(overrides: Partial<Admin> = {}): Admin {
  return { id: 'ad000000-0000-4000-8000-000000000001', email: 'root@luxeswipe.com', name: 'Root Admin', ...overrides };
}

export function makeAdminUser(overrides: Partial<AdminUser> = {}): AdminUser {
  const n = next();
  return {
    id: uuid('a1000000', n),
    email: `member${n}@example.com`,
    firstName: `Member${n}`,
    lastName: 'Doe',
    userType: 'guest',
    city: 'Miami, FL',
    state: 'Florida',
    profileImages: [],
    createdAt: '2026-11-01T15:00:00.000Z',
    suspended: false,
    suspendedReason: null,
    ...overrides,
  };
}

export function makeAdminVenue(overrides: Partial<AdminVenue> = {}): AdminVenue {
  const n = next();
  return {
    id: uuid('a2000000', n),
    name: `Venue ${n}`,
    type: 'club',
    subtype: 'nightclub',
    city: 'Miami, FL',
    state: 'Florida',
    imageUrl: '/api/placeholder-venue',
    pricePerHour: '500.00',
    capacity: 200,
    isActive: true,
    approvalStatus: 'pending',
    owner: { id: uuid('a3000000', n), firstName: 'Olivia', lastName: 'Owner', email: `owner${n}@example.com` },
    ...overrides,
  };
}

export function makeAssignment(overrides: Partial<VipAssignment> = {}): VipAssignment {
  const n = next();
  return {
    id: uuid('a4000000', n),
    sectionId: uuid('a5000000', n),
    dancerId: uuid('a6000000', n),
    venueId: uuid('a2000000', n),
    entertainerUserId: null,
    status: 'proposed',
    createdAt: '2026-11-20T20:00:00.000Z',
    respondedAt: null,
    dancerName: `Dancer ${n}`,
    sectionName: `Room ${n}`,
    venueName: `Venue ${n}`,
    ...overrides,
  };
}

export function makeVipRoom(
  venue: Pick<AdminVenue, 'id' | 'name' | 'city' | 'state'>,
  overrides: Partial<AdminVipRoom> = {},
): AdminVipRoom {
  const n = next();
  return {
    id: uuid('a5000000', n),
    name: `VIP Room ${n}`,
    type: 'VIP Room',
    pricePerHour: '900.00',
    capacity: 10,
    isActive: true,
    venue: { id: venue.id, name: venue.name, city: venue.city, state: venue.state },
    assignment: null,
    ...overrides,
  };
}

export function makeDancer(venue: Pick<AdminVenue, 'id' | 'name'>, overrides: Partial<AdminDancer> = {}): AdminDancer {
  const n = next();
  return {
    id: uuid('a6000000', n),
    name: `Dancer ${n}`,
    venueId: venue.id,
    venueName: venue.name,
    entertainerUserId: null,
    imageUrl: '/api/placeholder-dancer',
    priceModifier: '1.00',
    isAvailable: true,
    isActive: true,
    ...overrides,
  };
}

export function makeReport(overrides: Partial<AdminReport> = {}): AdminReport {
  const n = next();
  return {
    id: uuid('a7000000', n),
    kind: 'message',
    reason: 'harassment',
    details: 'Kept messaging after I said no',
    content: 'Answer me now',
    status: 'open',
    createdAt: '2026-11-21T02:30:00.000Z',
    reporter: { id: uuid('a8000000', n), name: 'Ava Sterling' },
    reported: { id: uuid('a9000000', n), name: 'Rex Rude', suspended: false },
    ...overrides,
  };
}

export function makeAuditEntry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  const n = next();
  return {
    id: uuid('aa000000', n),
    adminId: makeAdmin().id,
    adminEmail: makeAdmin().email,
    action: 'venue.approve',
    targetType: 'venue',
    targetId: uuid('a2000000', n),
    before: { approvalStatus: 'pending' },
    after: { approvalStatus: 'approved' },
    createdAt: '2026-11-22T23:57:00.000Z',
    ...overrides,
  };
}

/** A page of a list as the admin routes answer it. */
export function page<K extends string, T>(
  key: K,
  items: T[],
  over: { page?: number; pageSize?: number; total?: number } = {},
) {
  return { [key]: items, page: over.page ?? 1, pageSize: over.pageSize ?? 25, total: over.total ?? items.length } as {
    [P in K]: T[];
  } & { page: number; pageSize: number; total: number };
}

/** One request an admin handler saw: its query, bearer header and JSON body. */
export interface SeenRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  authorization: string | null;
  body: unknown;
}

/**
 * Answers one admin route with `respond` (an object is sent as JSON) and records every request,
 * so tests can assert what was asked, with which bearer header and body.
 */
export function mockAdmin(
  method: 'get' | 'post' | 'put' | 'delete',
  path: string,
  respond: (req: SeenRequest) => Response | JsonBodyType | Promise<Response | JsonBodyType>,
) {
  const seen: SeenRequest[] = [];
  server.use(
    http[method](path, async ({ request }) => {
      const url = new URL(request.url);
      const text = await request.text();
      const req: SeenRequest = {
        method: request.method,
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        authorization: request.headers.get('authorization'),
        body: text ? JSON.parse(text) : null,
      };
      seen.push(req);
      const answer = await respond(req);
      return answer instanceof Response ? answer : HttpResponse.json(answer);
    }),
  );
  return seen;
}

/** An error answer as the gateway sends it. */
export function apiError(status: number, code: string, message?: string) {
  return message === undefined
    ? new HttpResponse(null, { status })
    : HttpResponse.json({ statusCode: status, code, message }, { status });
}

/** The admin API as a valid token sees it: the session answers `admin`, and every list is empty until a test answers it. */
export function mockAdminApi(admin: Admin = makeAdmin()) {
  server.use(
    http.get('/api/admin/session', () => HttpResponse.json(admin)),
    http.get('/api/admin/users', () => HttpResponse.json(page('users', []))),
    http.get('/api/admin/venues', () => HttpResponse.json(page('venues', []))),
    http.get('/api/admin/vip-rooms', () => HttpResponse.json(page('vipRooms', []))),
    http.get('/api/admin/dancers', () => HttpResponse.json(page('dancers', []))),
    http.get('/api/admin/reports', () => HttpResponse.json(page('reports', []))),
    http.get('/api/admin/audit-log', () => HttpResponse.json(page('entries', []))),
  );
}

/** A signed-in admin: a token (expiring in an hour unless said) in local storage, and the admin API of {@link mockAdminApi}. */
export function signInAdmin({
  expiresAt = new Date(Date.now() + 3_600_000).toISOString(),
  admin = makeAdmin(),
}: { expiresAt?: string; admin?: Admin } = {}) {
  window.localStorage.setItem(STORAGE_KEYS.adminToken, ADMIN_TOKEN);
  window.localStorage.setItem(STORAGE_KEYS.adminTokenExpiresAt, expiresAt);
  mockAdminApi(admin);
  return admin;
}
