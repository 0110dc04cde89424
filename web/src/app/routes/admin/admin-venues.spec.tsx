import { describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES, type AdminVenue } from '@luxe/contracts';
import { ADMIN_TOKEN, apiError, makeAdminVenue, mockAdmin, page, signInAdmin } from '../../../testing/admin';
import { findToast, renderApp, screen, within } from '../../../testing/render-app';

function withVenues(venues: AdminVenue[]) {
  signInAdmin();
  return mockAdmin('get', '/api/admin/venues', () => page('venues', venues));
}

describe('/admin Venues tab', () => {
  it('each venue with type, location, owner, price and approval; Approve and Reject only while pending', async () => {
    withVenues([
      makeAdminVenue({
        name: 'Velvet Room',
        approvalStatus: 'pending',
        type: 'club',
        subtype: 'nightclub',
        owner: {
          id: 'a3000000-0000-4000-8000-000000000001',
          firstName: 'Olivia',
          lastName: 'Owner',
          email: 'olivia@example.com',
        },
      }),
      makeAdminVenue({ name: 'Azure Dream', approvalStatus: 'approved', type: 'yacht', subtype: null }),
      makeAdminVenue({ name: 'Dive Bar', approvalStatus: 'rejected' }),
    ]);
    renderApp('/admin?tab=venues');
    const velvet = await screen.findByRole('listitem', { name: 'Velvet Room' });
    expect(velvet).toHaveTextContent('Club · nightclub');
    expect(velvet).toHaveTextContent('Olivia Owner');
    expect(velvet).toHaveTextContent('olivia@example.com');
    expect(velvet).toHaveTextContent('$500/hr · 200 guests');
    expect(velvet).toHaveTextContent('Pending');
    expect(within(velvet).getByRole('button', { name: 'Approve Velvet Room' })).toBeInTheDocument();
    expect(within(velvet).getByRole('button', { name: 'Reject Velvet Room' })).toBeInTheDocument();

    for (const name of ['Azure Dream', 'Dive Bar']) {
      const row = screen.getByRole('listitem', { name });
      expect(within(row).queryByRole('button')).not.toBeInTheDocument();
    }
    expect(screen.getByRole('listitem', { name: 'Azure Dream' })).toHaveTextContent('Approved');
    expect(screen.getByRole('listitem', { name: 'Dive Bar' })).toHaveTextContent('Rejected');
  });

  it("Approve puts {status: 'approved'} with the bearer token, toasts the server's message and reads the list again", async () => {
    const velvet = makeAdminVenue({ name: 'Velvet Room', approvalStatus: 'pending' });
    let decided: AdminVenue['approvalStatus'] = 'pending';
    signInAdmin();
    const reads = mockAdmin('get', '/api/admin/venues', () => page('venues', [{ ...velvet, approvalStatus: decided }]));
    const puts = mockAdmin('put', '/api/admin/venues/:venueId/approval', ({ body }) => {
      decided = (body as { status: 'approved' }).status;
      return { message: ADMIN_MESSAGES.approved, venue: { ...velvet, approvalStatus: decided } };
    });
    const { user } = renderApp('/admin?tab=venues');
    await user.click(await screen.findByRole('button', { name: 'Approve Velvet Room' }));

    const toast = await findToast();
    expect(toast).toHaveTextContent(ADMIN_MESSAGES.approved);
    expect(toast).toHaveAttribute('data-variant', 'default');
    expect(puts).toEqual([
      expect.objectContaining({
        path: `/api/admin/venues/${velvet.id}/approval`,
        body: { status: 'approved' },
        authorization: `Bearer ${ADMIN_TOKEN}`,
      }),
    ]);
    await expect.poll(() => reads.length).toBe(2);
    const row = await screen.findByRole('listitem', { name: 'Velvet Room' });
    await expect.poll(() => row.textContent).toContain('Approved');
    expect(within(row).queryByRole('button', { name: /Approve|Reject/ })).not.toBeInTheDocument();
    // The Approve button that had the focus is gone: the focus is on its row, not lost.
    expect(row).toHaveFocus();
  });

  it("Reject puts {status: 'rejected'}; a failure without a message says 'Failed to update venue status'", async () => {
    const velvet = makeAdminVenue({ name: 'Velvet Room' });
    withVenues([velvet]);
    const puts = mockAdmin('put', '/api/admin/venues/:venueId/approval', () => apiError(500, 'X'));
    const { user } = renderApp('/admin?tab=venues');
    await user.click(await screen.findByRole('button', { name: 'Reject Velvet Room' }));
    const toast = await findToast();
    expect(toast).toHaveTextContent(ADMIN_MESSAGES.venueStatusFailed);
    expect(toast).toHaveAttribute('data-variant', 'destructive');
    expect(puts.map((r) => r.body)).toEqual([{ status: 'rejected' }]);
  });

  it('a failure with a server message shows it (another admin decided first)', async () => {
    withVenues([makeAdminVenue({ name: 'Velvet Room' })]);
    mockAdmin('put', '/api/admin/venues/:venueId/approval', () =>
      apiError(409, 'ADMIN.NOT_PENDING', ADMIN_MESSAGES.notPending),
    );
    const { user } = renderApp('/admin?tab=venues');
    await user.click(await screen.findByRole('button', { name: 'Approve Velvet Room' }));
    expect(await findToast()).toHaveTextContent(ADMIN_MESSAGES.notPending);
  });

  it('search, approval status and type go to the server; a load failure has the error state', async () => {
    signInAdmin();
    const reads = mockAdmin('get', '/api/admin/venues', ({ query }) =>
      query.type === 'yacht' ? apiError(503, 'X') : page('venues', [makeAdminVenue()]),
    );
    const { user } = renderApp('/admin?tab=venues');
    await screen.findByRole('list', { name: 'Venues' });
    await user.type(screen.getByLabelText('Search venues'), 'velvet');
    await user.selectOptions(screen.getByLabelText('Approval status'), 'pending');
    await expect.poll(() => reads.at(-1)?.query).toEqual({ search: 'velvet', approvalStatus: 'pending', page: '1' });
    await user.selectOptions(screen.getByLabelText('Venue type'), 'yacht');
    expect(await screen.findByRole('alert')).toHaveTextContent(ADMIN_MESSAGES.loadFailedTitle);
    expect(reads.at(-1)?.query).toEqual({ search: 'velvet', approvalStatus: 'pending', type: 'yacht', page: '1' });
  });
});
