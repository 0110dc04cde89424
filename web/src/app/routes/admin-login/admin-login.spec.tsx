import { describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '@luxe/contracts';
import { STORAGE_KEYS } from '../../../lib/storage';
import { apiError, makeAdmin, mockAdmin, mockAdminApi, signInAdmin } from '../../../testing/admin';
import { waitFor } from '@testing-library/react';
import { renderApp, screen } from '../../../testing/render-app';

async function fillAndSubmit(user: ReturnType<typeof renderApp>['user'], email: string, password: string) {
  await user.type(await screen.findByLabelText('Admin Email'), email);
  await user.type(screen.getByLabelText('Password', { selector: 'input' }), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('/admin-login', () => {
  it("checks the contract's rules before calling the server", async () => {
    const calls = mockAdmin('post', '/api/admin/login', () => apiError(500, 'X'));
    const { user } = renderApp('/admin-login');
    await user.type(await screen.findByLabelText('Admin Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByLabelText('Admin Email')).toHaveAccessibleDescription(ADMIN_MESSAGES.email);
    expect(screen.getByLabelText('Password', { selector: 'input' })).toHaveAccessibleDescription(
      ADMIN_MESSAGES.password,
    );
    expect(calls).toHaveLength(0);
  });

  it("success: says 'Signing in...' while pending, stores the token and its expiry, sends no bearer header, and opens /admin", async () => {
    const expiresAt = new Date(Date.now() + 3_600_000).toISOString();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const logins = mockAdmin('post', '/api/admin/login', async () => {
      await held;
      return { token: 'fresh.admin.token', expiresAt, admin: makeAdmin({ email: 'root@luxeswipe.com' }) };
    });
    mockAdminApi();
    const sessions = mockAdmin('get', '/api/admin/session', () => makeAdmin());
    const { user, location } = renderApp('/admin-login');
    await fillAndSubmit(user, '  Root@LuxeSwipe.com ', 'correct horse');

    expect(await screen.findByRole('button', { name: 'Signing in...' })).toBeDisabled();
    release();

    expect(await screen.findByRole('heading', { name: 'Admin Console' })).toBeInTheDocument();
    expect(location()).toBe('/admin');
    expect(logins).toEqual([
      expect.objectContaining({
        body: { email: 'root@luxeswipe.com', password: 'correct horse' },
        authorization: null,
      }),
    ]);
    expect(window.localStorage.getItem(STORAGE_KEYS.adminToken)).toBe('fresh.admin.token');
    expect(window.localStorage.getItem(STORAGE_KEYS.adminTokenExpiresAt)).toBe(expiresAt);
    // The session came with the login: not asked again.
    expect(sessions).toHaveLength(0);
  });

  it("failure: an 'Access Denied' alert with the server's message that stays, focus back on the password; nothing stored", async () => {
    mockAdmin('post', '/api/admin/login', () =>
      apiError(401, 'ADMIN.INVALID_CREDENTIALS', 'Too many attempts, try again later'),
    );
    const { user, location } = renderApp('/admin-login');
    await fillAndSubmit(user, 'root@luxeswipe.com', 'wrong');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(ADMIN_MESSAGES.accessDenied);
    expect(alert).toHaveTextContent('Too many attempts, try again later');
    await waitFor(() => expect(screen.getByLabelText('Password', { selector: 'input' })).toHaveFocus());
    expect(location()).toBe('/admin-login');
    expect(window.localStorage.getItem(STORAGE_KEYS.adminToken)).toBeNull();
  });

  it("failure without a server message: 'Invalid admin credentials'", async () => {
    mockAdmin('post', '/api/admin/login', () => apiError(502, 'X'));
    const { user } = renderApp('/admin-login');
    await fillAndSubmit(user, 'root@luxeswipe.com', 'whatever');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(ADMIN_MESSAGES.accessDenied);
    expect(alert).toHaveTextContent(ADMIN_MESSAGES.invalidCredentials);
  });

  it('a holder of a valid token goes straight to /admin', async () => {
    signInAdmin();
    const { location } = renderApp('/admin-login');
    expect(await screen.findByRole('heading', { name: 'Admin Console' })).toBeInTheDocument();
    expect(location()).toBe('/admin');
  });
});
