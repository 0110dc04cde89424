import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../../lib/storage';
import { makeUser, signIn, storedUser } from '../../../testing/fixtures';
import { findToast, renderApp, screen } from '../../../testing/render-app';
import { server } from '../../../testing/server';
import { DELETED_ITEMS } from './delete-account';

const member = makeUser({ firstName: 'Dora' });

describe('/delete-account', () => {
  it('warns, lists what is removed, and keeps Delete My Account disabled until the box is ticked', async () => {
    await signIn(member);
    const { user } = renderApp('/delete-account');
    expect(await screen.findByRole('heading', { name: 'Delete Account' })).toBeInTheDocument();
    expect(screen.getByText('This action cannot be undone.')).toBeInTheDocument();
    for (const item of DELETED_ITEMS) expect(screen.getByText(item)).toBeInTheDocument();
    const del = screen.getByRole('button', { name: 'Delete My Account' });
    expect(del).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: /I understand that deleting my account is permanent/ }));
    expect(del).toBeEnabled();
    await user.click(screen.getByRole('checkbox'));
    expect(del).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByRole('link', { name: '← Back to Dashboard' })).toHaveAttribute('href', '/dashboard');
  });

  it("deletes the session's own account, shows 'Deleting...' meanwhile, clears local data, toasts and goes to /", async () => {
    await signIn(member);
    window.localStorage.setItem(STORAGE_KEYS.lastActiveTab, 'events');
    window.localStorage.setItem(STORAGE_KEYS.redirectAfterLogin, '/payment');
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const calls: string[] = [];
    server.use(
      http.delete('/api/users/:id', async ({ params }) => {
        calls.push(String(params.id));
        await gate;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user, location } = renderApp('/delete-account');
    await user.click(await screen.findByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Delete My Account' }));
    const pending = await screen.findByRole('button', { name: 'Deleting...' });
    expect(pending).toBeDisabled();
    expect(screen.getByRole('checkbox')).toBeDisabled();
    release();

    expect(await findToast()).toHaveTextContent('Account Deleted');
    await vi.waitFor(() => expect(location()).toBe('/'));
    expect(calls).toEqual([member.id]);
    expect(storedUser()).toBeNull();
    for (const key of Object.values(STORAGE_KEYS)) expect(window.localStorage.getItem(key)).toBeNull();
  });

  it('a failed deletion says why, keeps the user signed in and on the page', async () => {
    await signIn(member);
    server.use(
      http.delete('/api/users/:id', () =>
        HttpResponse.json(
          { statusCode: 503, code: 'SERVER.UNAVAILABLE', message: 'Service temporarily unavailable' },
          { status: 503 },
        ),
      ),
    );
    const { user, location } = renderApp('/delete-account');
    await user.click(await screen.findByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Delete My Account' }));
    const toast = await findToast();
    expect(toast).toHaveTextContent('Deletion failed');
    expect(toast).toHaveTextContent('Service temporarily unavailable');
    expect(location()).toBe('/delete-account');
    expect(storedUser()).toMatchObject({ id: member.id });
    expect(screen.getByRole('button', { name: 'Delete My Account' })).toBeEnabled();
  });
});
