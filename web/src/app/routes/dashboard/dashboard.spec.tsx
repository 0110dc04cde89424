import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../../lib/storage';
import { makeUser, signIn, storedUser } from '../../../testing/fixtures';
import { findToast, renderApp, screen, within } from '../../../testing/render-app';
import { server } from '../../../testing/server';

const withPhoto = makeUser({ firstName: 'Ava', profileImages: ['/img/ava.jpg'] });

function activeTab() {
  const nav = screen.getByRole('navigation', { name: 'Dashboard' });
  return within(nav)
    .getAllByRole('button')
    .find((b) => b.getAttribute('aria-current') === 'page')?.textContent;
}

describe('/dashboard', () => {
  it('greets the user and offers the six member tabs', async () => {
    await signIn(withPhoto);
    renderApp('/dashboard');
    expect(await screen.findByTestId('dashboard-greeting')).toHaveTextContent('Welcome, Ava');
    const nav = screen.getByRole('navigation', { name: 'Dashboard' });
    expect(
      within(nav)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Home', 'Messages', 'Events', 'Invites', 'Book', 'Profile']);
  });

  it('respects ?tab= and remembers the active tab', async () => {
    await signIn(withPhoto);
    const { user, location } = renderApp('/dashboard?tab=invites');
    expect(await screen.findByRole('heading', { level: 1, name: 'Invites' })).toBeInTheDocument();
    expect(activeTab()).toBe('Invites');

    await user.click(screen.getByRole('button', { name: 'Messages' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Messages' })).toBeInTheDocument();
    expect(location()).toBe('/dashboard?tab=messages');
    expect(window.localStorage.getItem(STORAGE_KEYS.lastActiveTab)).toBe('messages');
  });

  it('default tab: profile for a new user, else the last active tab, else home', async () => {
    await signIn({ ...withPhoto, isNewUser: true });
    const first = renderApp('/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
    first.unmount();

    await signIn(makeUser({ profileImages: [] }));
    const second = renderApp('/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
    second.unmount();

    await signIn(withPhoto);
    const third = renderApp('/dashboard?tab=bogus');
    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
    third.unmount();

    window.localStorage.setItem(STORAGE_KEYS.lastActiveTab, 'events');
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Events' })).toBeInTheDocument();
  });

  it('Logout ends the session, forgets the user, toasts and goes to /login without remembering the page', async () => {
    await signIn(withPhoto);
    let logoutCalls = 0;
    server.use(
      http.post('/api/auth/logout', () => {
        logoutCalls += 1;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user, location } = renderApp('/dashboard?tab=profile');
    await user.click(await screen.findByRole('button', { name: 'Logout' }));

    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(location()).toBe('/login');
    expect(logoutCalls).toBe(1);
    expect(storedUser()).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.currentUserId)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.redirectAfterLogin)).toBeNull();
    expect(await findToast()).toHaveTextContent('Logged Out');
  });

  it('a failed logout keeps the user signed in and says so', async () => {
    await signIn(withPhoto);
    server.use(
      http.post('/api/auth/logout', () => HttpResponse.json({ message: 'Service unavailable' }, { status: 503 })),
    );
    const { user, location } = renderApp('/dashboard?tab=profile');
    await user.click(await screen.findByRole('button', { name: 'Logout' }));

    const toast = await findToast();
    expect(toast).toHaveTextContent('Logout failed');
    expect(toast).toHaveTextContent('Service unavailable');
    expect(location()).toBe('/dashboard?tab=profile');
    expect(storedUser()).toMatchObject({ id: withPhoto.id });
  });

  it('the profile tab links to account deletion', async () => {
    await signIn(withPhoto);
    renderApp('/dashboard?tab=profile');
    expect(await screen.findByRole('link', { name: 'Delete Account' })).toHaveAttribute('href', '/delete-account');
  });
});
