import { fireEvent } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '@luxe/contracts';
import { ADMIN_TOKEN, apiError, makeAdminUser, mockAdmin, page, signInAdmin } from '../../../testing/admin';
import { findToast, renderApp, screen, within } from '../../../testing/render-app';

describe('/admin Users tab', () => {
  it("a load failure shows 'Error Loading Dashboard' with 'Unable to fetch user data' (and a toast); Try Again reads again", async () => {
    signInAdmin();
    let fail = true;
    const reads = mockAdmin('get', '/api/admin/users', () =>
      fail ? apiError(500, 'X') : page('users', [makeAdminUser({ firstName: 'Ava', lastName: 'Sterling' })]),
    );
    const { user } = renderApp('/admin');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(ADMIN_MESSAGES.loadFailedTitle);
    expect(alert).toHaveTextContent(ADMIN_MESSAGES.loadFailed);
    const toast = await findToast();
    expect(toast).toHaveTextContent(ADMIN_MESSAGES.loadFailedTitle);
    expect(toast).toHaveTextContent(ADMIN_MESSAGES.loadFailed);
    expect(toast).toHaveAttribute('data-variant', 'destructive');

    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('listitem', { name: 'Ava Sterling' })).toBeInTheDocument();
    expect(reads).toHaveLength(2);
  });

  it('loading, then each member with email, type, location, joined date and status; empty says so', async () => {
    signInAdmin();
    mockAdmin('get', '/api/admin/users', ({ query }) =>
      query.status === 'suspended'
        ? page('users', [])
        : page('users', [
            makeAdminUser({
              firstName: 'Ava',
              lastName: 'Sterling',
              email: 'ava@example.com',
              userType: 'host',
              city: 'Miami, FL',
              state: 'Florida',
              createdAt: '2026-11-01T15:00:00.000Z',
            }),
            makeAdminUser({ firstName: 'Rex', lastName: 'Rude', suspended: true, suspendedReason: 'Harassment' }),
          ]),
    );
    const { user } = renderApp('/admin');
    expect((await screen.findByText('Loading users...')).closest('[role="status"]')).toHaveAttribute(
      'data-testid',
      'list-skeleton',
    );
    const ava = await screen.findByRole('listitem', { name: 'Ava Sterling' });
    expect(ava).toHaveTextContent('ava@example.com');
    expect(ava).toHaveTextContent('Host');
    // One city format everywhere (formatCity), not 'Miami, FL, Florida'.
    expect(ava).toHaveTextContent('Miami, FL');
    expect(ava).not.toHaveTextContent('Florida');
    expect(ava).toHaveTextContent('Nov 01, 2026');
    expect(ava).toHaveTextContent('Active');
    const rex = screen.getByRole('listitem', { name: 'Rex Rude' });
    expect(rex).toHaveTextContent('Suspended');
    expect(rex).toHaveTextContent('Harassment');
    expect(within(rex).getByRole('button', { name: 'Reinstate Rex Rude' })).toBeInTheDocument();
    expect(within(rex).queryByRole('button', { name: /Suspend/ })).not.toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Status'), 'suspended');
    expect(await screen.findByText('No users found')).toBeInTheDocument();
  });

  it('the search is debounced and sent to the server; type and status filters are sent; a new search goes back to page 1', async () => {
    signInAdmin();
    const reads = mockAdmin('get', '/api/admin/users', () => page('users', [makeAdminUser()], { total: 60 }));
    const { user } = renderApp('/admin');
    await screen.findByText('Page 1 of 3');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2 of 3');

    expect(screen.getByLabelText('Search users')).toHaveAttribute('maxlength', '120');
    await user.type(screen.getByLabelText('Search users'), 'ava');
    await screen.findByText('Page 1 of 3');
    await user.selectOptions(screen.getByLabelText('User type'), 'entertainer');
    await user.selectOptions(screen.getByLabelText('Status'), 'active');
    await expect
      .poll(() => reads.at(-1)?.query)
      .toEqual({ search: 'ava', userType: 'entertainer', status: 'active', page: '1' });
    // One request per settled search, not one per keystroke.
    expect(reads.map((r) => r.query.search)).toEqual([undefined, undefined, 'ava', 'ava', 'ava']);
    expect(reads.every((r) => r.authorization === `Bearer ${ADMIN_TOKEN}`)).toBe(true);
  });

  it("paging: Next asks page=2 and shows 'Page 2 of 3'; Previous is disabled on the first page and Next on the last", async () => {
    signInAdmin();
    const reads = mockAdmin('get', '/api/admin/users', ({ query }) =>
      page('users', [makeAdminUser({ firstName: `P${query.page ?? 1}`, lastName: 'Member' })], {
        page: Number(query.page ?? 1),
        total: 60,
      }),
    );
    const { user } = renderApp('/admin');
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
    const pages = screen.getByRole('navigation', { name: 'Users pages' });
    expect(within(pages).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('listitem', { name: 'P2 Member' })).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    expect(reads.at(-1)?.query.page).toBe('2');
    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('listitem', { name: 'P3 Member' })).toBeInTheDocument();
    expect(within(pages).getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(within(pages).getByRole('button', { name: 'Previous' }));
    expect(await screen.findByRole('listitem', { name: 'P2 Member' })).toBeInTheDocument();
  });

  it('Suspend asks a reason of 1 to 500 characters, then posts it; the list is read again', async () => {
    signInAdmin();
    let suspended = false;
    const ava = makeAdminUser({ firstName: 'Ava', lastName: 'Sterling' });
    mockAdmin('get', '/api/admin/users', () =>
      page('users', [{ ...ava, suspended, suspendedReason: suspended ? 'Fake photos' : null }]),
    );
    const posts = mockAdmin('post', '/api/admin/users/:userId/suspension', () => {
      suspended = true;
      return { ...ava, suspended: true, suspendedReason: 'Fake photos' };
    });
    const { user } = renderApp('/admin');
    await user.click(await screen.findByRole('button', { name: 'Suspend Ava Sterling' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend Ava Sterling' });
    const reason = within(dialog).getByLabelText('Reason');
    expect(reason).toHaveFocus();

    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(reason).toHaveAccessibleDescription(expect.stringContaining(ADMIN_MESSAGES.reason));
    fireEvent.input(reason, { target: { value: 'x'.repeat(501) } });
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(within(dialog).getByText('501/500')).toBeInTheDocument();
    expect(within(dialog).getByRole('alert')).toHaveTextContent(ADMIN_MESSAGES.reason);
    expect(posts).toHaveLength(0);

    await user.clear(reason);
    await user.type(reason, '  Fake photos ');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(await findToast()).toHaveTextContent('User suspended');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(posts).toEqual([
      expect.objectContaining({
        path: `/api/admin/users/${ava.id}/suspension`,
        body: { reason: 'Fake photos' },
        authorization: `Bearer ${ADMIN_TOKEN}`,
      }),
    ]);
    // The focus comes back from the dialog to the row's button, now Reinstate.
    await expect
      .poll(() => document.activeElement)
      .toBe(screen.getByRole('button', { name: 'Reinstate Ava Sterling' }));
  });

  it("a refused suspension keeps the dialog open and shows the server's message", async () => {
    signInAdmin();
    const ava = makeAdminUser({ firstName: 'Ava', lastName: 'Sterling' });
    mockAdmin('get', '/api/admin/users', () => page('users', [ava]));
    mockAdmin('post', '/api/admin/users/:userId/suspension', () =>
      apiError(409, 'ADMIN.ALREADY_SUSPENDED', ADMIN_MESSAGES.alreadySuspended),
    );
    const { user } = renderApp('/admin');
    await user.click(await screen.findByRole('button', { name: 'Suspend Ava Sterling' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Reason'), 'Spam');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(await findToast()).toHaveTextContent(ADMIN_MESSAGES.alreadySuspended);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('Reinstate deletes the suspension', async () => {
    signInAdmin();
    const rex = makeAdminUser({ firstName: 'Rex', lastName: 'Rude', suspended: true, suspendedReason: 'Spam' });
    mockAdmin('get', '/api/admin/users', () => page('users', [rex]));
    const deletes = mockAdmin('delete', '/api/admin/users/:userId/suspension', () => ({
      ...rex,
      suspended: false,
      suspendedReason: null,
    }));
    const { user } = renderApp('/admin');
    await user.click(await screen.findByRole('button', { name: 'Reinstate Rex Rude' }));
    expect(await findToast()).toHaveTextContent('User reinstated');
    expect(deletes.map((r) => r.path)).toEqual([`/api/admin/users/${rex.id}/suspension`]);
  });
});
