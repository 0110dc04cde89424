import { describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '@luxe/contracts';
import { STORAGE_KEYS } from '../../../lib/storage';
import { ADMIN_TOKEN, apiError, makeAdminUser, makeAdmin, mockAdmin, page, signInAdmin } from '../../../testing/admin';
import { axeViolations } from '../../../testing/axe';
import { findToast, renderApp, screen, within } from '../../../testing/render-app';

describe('/admin: the console and its token', () => {
  it('every admin call carries the bearer token; the header names the signed-in admin', async () => {
    signInAdmin({ admin: makeAdmin({ email: 'chief@luxeswipe.com' }) });
    const sessions = mockAdmin('get', '/api/admin/session', () => makeAdmin({ email: 'chief@luxeswipe.com' }));
    const users = mockAdmin('get', '/api/admin/users', () =>
      page('users', [makeAdminUser({ firstName: 'Ava', lastName: 'Sterling' })]),
    );
    renderApp('/admin');
    expect(await screen.findByRole('listitem', { name: 'Ava Sterling' })).toBeInTheDocument();
    expect(await screen.findByText('chief@luxeswipe.com')).toBeInTheDocument();
    expect([...sessions, ...users].map((r) => r.authorization)).toEqual([
      `Bearer ${ADMIN_TOKEN}`,
      `Bearer ${ADMIN_TOKEN}`,
    ]);
  });

  it('a 401 (token expired or refused) forgets the token and returns to /admin-login, without a load-failure toast', async () => {
    signInAdmin();
    mockAdmin('get', '/api/admin/users', () => apiError(401, 'ADMIN.SESSION_EXPIRED', ADMIN_MESSAGES.sessionExpired));
    const { location } = renderApp('/admin');
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
    expect(location()).toBe('/admin-login');
    expect(window.localStorage.getItem(STORAGE_KEYS.adminToken)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.adminTokenExpiresAt)).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent(ADMIN_MESSAGES.sessionExpired);
    expect(screen.queryByText(ADMIN_MESSAGES.loadFailedTitle)).not.toBeInTheDocument();
  });

  it('an open console leaves for /admin-login when the stored expiry passes', async () => {
    signInAdmin({ expiresAt: new Date(Date.now() + 1200).toISOString() });
    const { location } = renderApp('/admin');
    expect(await screen.findByRole('heading', { name: 'Admin Console' })).toBeInTheDocument();
    expect(location()).toBe('/admin');
    expect(await screen.findByRole('heading', { name: 'Admin Login' }, { timeout: 4000 })).toBeInTheDocument();
    expect(location()).toBe('/admin-login');
    expect(window.localStorage.getItem(STORAGE_KEYS.adminToken)).toBeNull();
  });

  it('Sign Out forgets the token and goes to /admin-login', async () => {
    signInAdmin();
    const { user, location } = renderApp('/admin');
    await user.click(await screen.findByRole('button', { name: 'Sign Out' }));
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
    expect(location()).toBe('/admin-login');
    expect(window.localStorage.getItem(STORAGE_KEYS.adminToken)).toBeNull();
    expect(await findToast()).toHaveTextContent('Signed Out');
    // Signed out on purpose: no 'session expired' notice.
    expect(screen.queryByText(ADMIN_MESSAGES.sessionExpired)).not.toBeInTheDocument();
  });

  it('tabs: Users first; arrow keys, Home and End move and select; the choice is kept in ?tab=', async () => {
    signInAdmin();
    const { user, location } = renderApp('/admin');
    const tablist = await screen.findByRole('tablist', { name: 'Admin sections' });
    expect(
      within(tablist)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Users', 'Venues', 'VIP Rooms', 'Reports', 'Audit Log']);
    const usersTab = within(tablist).getByRole('tab', { name: 'Users' });
    expect(usersTab).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Users' })).toBeInTheDocument();

    usersTab.focus();
    await user.keyboard('{ArrowRight}');
    const venuesTab = within(tablist).getByRole('tab', { name: 'Venues' });
    expect(venuesTab).toHaveFocus();
    expect(venuesTab).toHaveAttribute('aria-selected', 'true');
    expect(usersTab).toHaveAttribute('tabindex', '-1');
    expect(await screen.findByRole('tabpanel', { name: 'Venues' })).toBeInTheDocument();
    expect(location()).toBe('/admin?tab=venues');

    await user.keyboard('{End}');
    expect(within(tablist).getByRole('tab', { name: 'Audit Log' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(usersTab).toHaveFocus();
    expect(location()).toBe('/admin?tab=users');
    await user.keyboard('{ArrowLeft}');
    expect(location()).toBe('/admin?tab=audit-log');
  });

  it('every list shows the skeleton of its rows while it loads, named for assistive technology (issue 31)', async () => {
    signInAdmin();
    const lists = [
      ['users', '/api/admin/users', 'Loading users...'],
      ['venues', '/api/admin/venues', 'Loading venues...'],
      ['vip-rooms', '/api/admin/vip-rooms', 'Loading VIP rooms...'],
      ['reports', '/api/admin/reports', 'Loading reports...'],
      ['audit-log', '/api/admin/audit-log', 'Loading audit entries...'],
    ] as const;
    // Never answered: each list stays pending.
    for (const [, path] of lists) mockAdmin('get', path, () => new Promise<never>(() => {}));
    for (const [tab, , label] of lists) {
      const { unmount } = renderApp(`/admin?tab=${tab}`);
      const skeleton = (await screen.findByText(label)).closest('[role="status"]');
      expect(skeleton).toHaveAttribute('data-testid', 'list-skeleton');
      expect(skeleton).toHaveAttribute('aria-busy', 'true');
      unmount();
    }
  });

  it('axe finds nothing on the console with a list, nor in the suspend dialog', async () => {
    signInAdmin();
    mockAdmin('get', '/api/admin/users', () =>
      page(
        'users',
        [
          makeAdminUser({ firstName: 'Ava', lastName: 'Sterling' }),
          makeAdminUser({ suspended: true, suspendedReason: 'Spam' }),
        ],
        { total: 60 },
      ),
    );
    const { user } = renderApp('/admin');
    await screen.findByRole('listitem', { name: 'Ava Sterling' });
    expect(await axeViolations()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Suspend Ava Sterling' }));
    await screen.findByRole('dialog', { name: 'Suspend Ava Sterling' });
    expect(await axeViolations()).toEqual([]);
  });
});
