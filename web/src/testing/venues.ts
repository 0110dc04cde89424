import { http, HttpResponse, type JsonBodyType } from 'msw';
import type { Venue } from '@luxe/contracts';
import { createQueryClient } from '../lib/query-client';
import { server } from './server';

let seq = 0;

/** A venue as the API answers it. */
export function makeVenue(overrides: Partial<Venue> = {}): Venue {
  seq += 1;
  const n = String(seq).padStart(12, '0');
  return {
    id: `0b7d3c1e-5a2f-4c8e-9d1a-${n}`,
    ownerId: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
    name: `Venue ${seq}`,
    type: 'club',
    subtype: 'nightclub',
    city: 'Miami, FL',
    state: 'Florida',
    address: '1 Ocean Drive',
    description: 'A place to be seen.',
    images: [],
    amenities: [],
    capacity: 120,
    pricePerHour: '1250.00',
    rating: '4.8',
    hours: null,
    yachtLength: null,
    hasCaptain: false,
    responseRate: null,
    cancellationPolicy: 'moderate',
    rules: [],
    pricingTiers: [],
    approvalStatus: 'approved',
    isActive: true,
    createdAt: '2025-01-01T00:00:00.000Z',
    imageUrl: '/api/placeholder-venue',
    formattedPrice: '$1,250/hr',
    ...overrides,
  };
}

export interface VenueRequest {
  city: string;
  state: string;
  type: string;
}

/**
 * Answers GET /api/venues/{city}/{state}/{type} with `respond(request)` and records every
 * request (decoded parameters), so tests can assert what was asked and how often.
 */
export function mockVenuesByLocation(
  respond: (req: VenueRequest) => Response | JsonBodyType | Promise<Response | JsonBodyType>,
) {
  const requests: VenueRequest[] = [];
  server.use(
    http.get('/api/venues/:city/:state/:type', async ({ params }) => {
      const req = { city: String(params.city), state: String(params.state), type: String(params.type) };
      requests.push(req);
      const answer = await respond(req);
      return answer instanceof Response ? answer : HttpResponse.json(answer);
    }),
  );
  return requests;
}

/** A query client whose retries come at once (the retry count stays the query's own). */
export function createFastRetryQueryClient() {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retryDelay: 0 } });
  return client;
}
