import { http, HttpResponse } from 'msw';
import type { AvailableEvent, MemberCardView } from '@luxe/contracts';
import { server } from './server';

let seq = 0;
const uuid = (prefix: string, n: number) => `${prefix}-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A host as the available events carry him. */
export function makeHost(overrides: Partial<MemberCardView> = {}): MemberCardView {
  seq += 1;
  return {
    id: uuid('c0000000', seq),
    firstName: `Host${seq}`,
    lastName: 'Doe',
    userType: 'host',
    age: 30,
    city: 'Miami, FL',
    state: 'Florida',
    bio: null,
    profileImages: [],
    verified: false,
    ...overrides,
  };
}

/** An event as GET /api/available-events answers it (a club night on Saturday, June 6 2099, 10 PM to 2 AM). */
export function makeAvailableEvent(overrides: Partial<AvailableEvent> = {}): AvailableEvent {
  seq += 1;
  return {
    bookingId: uuid('b1000000', seq),
    venueId: uuid('a1000000', seq),
    venueName: `Venue ${seq}`,
    venueType: 'club',
    city: 'Miami, FL',
    state: 'Florida',
    images: [],
    sectionType: 'VIP Booth',
    bookingDate: '2099-06-06',
    startTime: '22:00',
    endTime: '02:00',
    duration: 4,
    startsAt: '2099-06-07T02:00:00.000Z',
    host: makeHost(),
    attendees: { count: 0, avatars: [] },
    ...overrides,
  };
}

export interface AvailableEventsRequest {
  city: string | null;
  state: string | null;
}

/** Answers GET /api/available-events with `respond(request)` (read on every call) and records each request's city and state. */
export function mockAvailableEvents(
  respond: (req: AvailableEventsRequest) => AvailableEvent[] | Response | Promise<AvailableEvent[] | Response>,
) {
  const requests: AvailableEventsRequest[] = [];
  server.use(
    http.get('/api/available-events', async ({ request }) => {
      const url = new URL(request.url);
      const req = { city: url.searchParams.get('city'), state: url.searchParams.get('state') };
      requests.push(req);
      const answer = await respond(req);
      return answer instanceof Response ? answer : HttpResponse.json(answer);
    }),
  );
  return requests;
}
