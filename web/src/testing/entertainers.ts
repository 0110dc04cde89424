import type { EntertainerRequest, VipAssignment } from '@luxe/contracts';

let seq = 0;
const nextId = (prefix: string) => {
  seq += 1;
  return `${prefix}-0000-4000-8000-${String(seq).padStart(12, '0')}`;
};

export const ENTERTAINER_ID = '5e5e5e5e-5e5e-4e5e-8e5e-5e5e5e5e5e5e';

/** An entertainer's request to join a venue, as the API answers it. */
export function makeEntertainerRequest(overrides: Partial<EntertainerRequest> = {}): EntertainerRequest {
  return {
    id: nextId('7a7a7a7a'),
    entertainerUserId: ENTERTAINER_ID,
    venueId: '0b7d3c1e-5a2f-4c8e-9d1a-000000000901',
    venueName: 'Velvet Lounge',
    status: 'pending',
    createdAt: '2026-03-01T02:30:00.000Z',
    respondedAt: null,
    dancerId: null,
    entertainer: { id: ENTERTAINER_ID, firstName: 'Jade', lastName: 'Rivers', profileImages: [] },
    ...overrides,
  };
}

/** A VIP room assignment, as the API answers it. */
export function makeAssignment(overrides: Partial<VipAssignment> = {}): VipAssignment {
  return {
    id: nextId('8b8b8b8b'),
    sectionId: '9c9c9c9c-0000-4000-8000-000000000001',
    dancerId: 'adadadad-0000-4000-8000-000000000001',
    venueId: '0b7d3c1e-5a2f-4c8e-9d1a-000000000901',
    entertainerUserId: ENTERTAINER_ID,
    status: 'proposed',
    createdAt: '2026-03-01T02:30:00.000Z',
    respondedAt: null,
    dancerName: 'Jade',
    sectionName: 'Champagne Room',
    venueName: 'Velvet Lounge',
    ...overrides,
  };
}
