import { describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '@luxe/contracts';
import {
  ADMIN_TOKEN,
  apiError,
  makeAdminVenue,
  makeAssignment,
  makeDancer,
  makeVipRoom,
  mockAdmin,
  page,
  signInAdmin,
} from '../../../testing/admin';
import { findToast, renderApp, screen, within } from '../../../testing/render-app';

const velvet = makeAdminVenue({ name: 'Velvet Room', city: 'Miami, FL', approvalStatus: 'approved' });
const azure = makeAdminVenue({ name: 'Azure Club', city: 'Monaco', approvalStatus: 'approved' });
const gold = makeVipRoom(velvet, { name: 'Gold Suite' });
const onyx = makeVipRoom(azure, { name: 'Onyx Lounge' });
const velvetDancers = [
  makeDancer(velvet, { name: 'Crystal' }),
  makeDancer(velvet, { name: 'Diamond', isAvailable: false }),
  makeDancer(velvet, { name: 'Retired', isActive: false }),
];
const azureDancers = [makeDancer(azure, { name: 'Sapphire' })];

/** The admin is signed in; rooms and venues answer; dancers are answered for the venue asked, as the server does. */
function withRooms(rooms = [gold, onyx]) {
  signInAdmin();
  const roomReads = mockAdmin('get', '/api/admin/vip-rooms', ({ query }) =>
    page('vipRooms', query.venueId ? rooms.filter((r) => r.venue.id === query.venueId) : rooms),
  );
  mockAdmin('get', '/api/admin/venues', () => page('venues', [velvet, azure]));
  const dancerReads = mockAdmin('get', '/api/admin/dancers', ({ query }) =>
    page(
      'dancers',
      [...velvetDancers, ...azureDancers].filter((d) => d.venueId === query.venueId),
    ),
  );
  return { roomReads, dancerReads };
}

describe('/admin VIP Rooms tab', () => {
  it('each room shows its venue and current assignment (dancer and status), or none', async () => {
    const assigned = makeVipRoom(velvet, {
      name: 'Platinum Room',
      assignment: makeAssignment({ dancerName: 'Crystal', status: 'accepted' }),
    });
    withRooms([gold, assigned]);
    renderApp('/admin?tab=vip-rooms');
    const platinum = await screen.findByRole('listitem', { name: 'Platinum Room, Velvet Room' });
    expect(platinum).toHaveTextContent('Velvet Room · Miami, FL');
    expect(platinum).toHaveTextContent('Crystal');
    expect(platinum).toHaveTextContent('Accepted');
    expect(within(platinum).getByRole('button', { name: 'Revoke Crystal from Platinum Room' })).toBeInTheDocument();
    const goldRow = screen.getByRole('listitem', { name: 'Gold Suite, Velvet Room' });
    expect(goldRow).toHaveTextContent('None assigned');
    expect(within(goldRow).queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument();
  });

  it('Assign Dancer lists only the active dancers of the same venue and posts {sectionId, dancerId}', async () => {
    const { dancerReads, roomReads } = withRooms();
    const posts = mockAdmin('post', '/api/admin/vip-assignments', ({ body }) => ({
      message: ADMIN_MESSAGES.assigned,
      assignment: makeAssignment({
        ...(body as { sectionId: string; dancerId: string }),
        venueId: velvet.id,
        dancerName: 'Crystal',
        sectionName: 'Gold Suite',
      }),
    }));
    const { user } = renderApp('/admin?tab=vip-rooms');
    await user.click(await screen.findByRole('button', { name: 'Assign dancer to Gold Suite' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign Dancer to Gold Suite' });
    const select = await within(dialog).findByLabelText('Dancer');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select a dancer', 'Crystal', 'Diamond (unavailable)']);
    expect(dancerReads.map((r) => r.query.venueId)).toEqual([velvet.id]);

    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(ADMIN_MESSAGES.dancerId);
    expect(posts).toHaveLength(0);

    await user.selectOptions(select, 'Crystal');
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(await findToast()).toHaveTextContent(ADMIN_MESSAGES.assigned);
    expect(posts).toEqual([
      expect.objectContaining({
        body: { sectionId: gold.id, dancerId: velvetDancers[0]!.id },
        authorization: `Bearer ${ADMIN_TOKEN}`,
      }),
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await expect.poll(() => roomReads.length).toBe(2);
  });

  it("the other venue's room offers that venue's dancers only", async () => {
    const { dancerReads } = withRooms();
    const { user } = renderApp('/admin?tab=vip-rooms');
    await user.click(await screen.findByRole('button', { name: 'Assign dancer to Onyx Lounge' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign Dancer to Onyx Lounge' });
    const select = await within(dialog).findByLabelText('Dancer');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select a dancer', 'Sapphire']);
    expect(dancerReads.map((r) => r.query.venueId)).toEqual([azure.id]);
  });

  it("a failed assignment says 'Failed to assign dancer' and keeps the dialog", async () => {
    withRooms();
    mockAdmin('post', '/api/admin/vip-assignments', () => apiError(500, 'X'));
    const { user } = renderApp('/admin?tab=vip-rooms');
    await user.click(await screen.findByRole('button', { name: 'Assign dancer to Gold Suite' }));
    const dialog = await screen.findByRole('dialog');
    await user.selectOptions(await within(dialog).findByLabelText('Dancer'), 'Crystal');
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    const toast = await findToast();
    expect(toast).toHaveTextContent(ADMIN_MESSAGES.assignFailed);
    expect(toast).toHaveAttribute('data-variant', 'destructive');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('Revoke deletes the current assignment', async () => {
    const assignment = makeAssignment({ dancerName: 'Crystal', status: 'proposed' });
    withRooms([makeVipRoom(velvet, { name: 'Platinum Room', assignment })]);
    const deletes = mockAdmin('delete', '/api/admin/vip-assignments/:id', () => ({
      message: ADMIN_MESSAGES.revoked,
      assignment: { ...assignment, status: 'revoked' },
    }));
    const { user } = renderApp('/admin?tab=vip-rooms');
    await user.click(await screen.findByRole('button', { name: 'Revoke Crystal from Platinum Room' }));
    expect(await findToast()).toHaveTextContent(ADMIN_MESSAGES.revoked);
    expect(deletes.map((r) => [r.path, r.authorization])).toEqual([
      [`/api/admin/vip-assignments/${assignment.id}`, `Bearer ${ADMIN_TOKEN}`],
    ]);
  });

  it('the venue filter and the search go to the server', async () => {
    const { roomReads } = withRooms();
    const { user } = renderApp('/admin?tab=vip-rooms');
    await screen.findByRole('listitem', { name: 'Onyx Lounge, Azure Club' });
    await user.selectOptions(screen.getByLabelText('Venue'), 'Velvet Room (Miami, FL)');
    await user.type(screen.getByLabelText('Search VIP rooms'), 'gold');
    await expect.poll(() => roomReads.at(-1)?.query).toEqual({ search: 'gold', venueId: velvet.id, page: '1' });
    expect(screen.queryByRole('listitem', { name: 'Onyx Lounge, Azure Club' })).not.toBeInTheDocument();
  });
});
