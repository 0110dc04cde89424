import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '@luxe/contracts';
import { STORAGE_KEYS } from '../lib/storage';
import { signInAdmin } from '../testing/admin';
import { makeUser, signIn, storedUser } from '../testing/fixtures';
import { renderApp, screen } from '../testing/render-app';
import { server } from '../testing/server';
import { makeVenue } from '../testing/venues';

const host = makeUser({ firstName: 'Ava', userType: 'host' });
const venueOwner = makeUser({ id: '0b7e3c1d-1111-4a53-9f44-0d6c8a1f2b3c', firstName: 'Vito', userType: 'venue' });

describe('route guards', () => {
  it('a visitor on /dashboard goes to /login and the wanted path is remembered', async () => {
    const { location } = renderApp('/dashboard?tab=events');
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(location()).toBe('/login');
    expect(window.localStorage.getItem(STORAGE_KEYS.redirectAfterLogin)).toBe('/dashboard?tab=events');
  });

  it('after login the visitor lands on the remembered path, which is then forgotten', async () => {
    server.use(http.post('/api/auth/login', () => HttpResponse.json({ ...host, profileImages: ['/p.jpg'] })));
    const { user, location } = renderApp('/delete-account');
    await user.type(await screen.findByLabelText('Email'), 'ava@example.com');
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'velvet-rope-8');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('heading', { name: 'Delete Account' })).toBeInTheDocument();
    expect(location()).toBe('/delete-account');
    await expect.poll(() => window.localStorage.getItem(STORAGE_KEYS.redirectAfterLogin)).toBeNull();
  });

  it.each(['/login', '/signup?type=host', '/join', '/role-selection', '/'])(
    'a signed-in host visiting %s goes to /dashboard',
    async (path) => {
      await signIn(host);
      const { location } = renderApp(path);
      expect(await screen.findByTestId('dashboard-greeting')).toHaveTextContent('Welcome, Ava');
      expect(location()).toMatch(/^\/dashboard/);
    },
  );

  it.each(['/login', '/', '/dashboard', '/host-dashboard'])(
    'a venue user visiting %s goes to /venue-dashboard',
    async (path) => {
      await signIn(venueOwner);
      server.use(http.get('/api/my-venues', () => HttpResponse.json([])));
      const { location } = renderApp(path);
      expect(await screen.findByRole('heading', { level: 1, name: 'My Events' })).toBeInTheDocument();
      expect(location()).toBe('/venue-dashboard');
    },
  );

  it.each(['host', 'guest', 'entertainer'] as const)(
    "/venue-dashboard sends a member who is no venue owner (%s) to his own dashboard, never the owner's shell",
    async (userType) => {
      await signIn(makeUser({ firstName: 'Gus', userType }));
      const myVenues = { count: 0 };
      server.use(
        http.get('/api/my-venues', () => {
          myVenues.count += 1;
          return HttpResponse.json({ message: 'You do not have permission' }, { status: 403 });
        }),
      );
      const { location } = renderApp('/venue-dashboard?tab=my-bookings');
      expect(await screen.findByTestId('dashboard-greeting')).toHaveTextContent('Welcome, Gus');
      expect(location()).toMatch(/^\/dashboard/);
      expect(screen.queryByRole('navigation', { name: 'Venue dashboard' })).toBeNull();
      expect(screen.queryByText('You do not have permission')).toBeNull();
      expect(myVenues.count).toBe(0);
    },
  );

  it('/host-dashboard is the same dashboard', async () => {
    await signIn(host);
    const { location } = renderApp('/host-dashboard?tab=events');
    expect(await screen.findByTestId('dashboard-greeting')).toHaveTextContent('Welcome, Ava');
    expect(screen.getByRole('heading', { level: 1, name: 'Events' })).toBeInTheDocument();
    expect(location()).toBe('/host-dashboard?tab=events');
  });

  it('/admin without an admin token goes to /admin-login; with a token /admin-login goes to /admin', async () => {
    const first = renderApp('/admin');
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
    expect(first.location()).toBe('/admin-login');
    first.unmount();

    signInAdmin();
    const second = renderApp('/admin-login');
    expect(await screen.findByRole('heading', { name: 'Admin Console' })).toBeInTheDocument();
    expect(second.location()).toBe('/admin');
  });

  it('a stored admin token whose expiry has passed counts as none: /admin goes to /admin-login, which stays', async () => {
    signInAdmin({ expiresAt: new Date(Date.now() - 60_000).toISOString() });
    const first = renderApp('/admin');
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
    expect(first.location()).toBe('/admin-login');
    expect(screen.getByRole('status')).toHaveTextContent(ADMIN_MESSAGES.sessionExpired);
    await expect.poll(() => window.localStorage.getItem(STORAGE_KEYS.adminToken)).toBeNull();
    first.unmount();

    const second = renderApp('/admin-login');
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
    expect(second.location()).toBe('/admin-login');
  });

  it('an unknown path shows the not-found page with a developer hint', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText(/Did you forget to add the page to the router\?/)).toBeInTheDocument();
  });

  it.each([
    ['/privacy', 'Privacy Policy'],
    ['/safety', 'Safety'],
    ['/events', 'Browse Exclusive Events'],
    ['/friend-invite/abc123', 'Invite Not Found'],
    ['/user-type-selection', 'Choose Your Role'],
    ['/login-success', 'Welcome to LuxeSwipe!'],
    ['/welcome-success', 'Welcome to LuxeSwipe!'],
    ['/forgot-password', 'Forgot Your Password?'],
    ['/reset-password', 'Choose a New Password'],
    ['/verify-email', 'Verify Your Email'],
  ])('public page %s is open to visitors', async (path, heading) => {
    const { location } = renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(location()).toBe(path);
  });

  it.each(['/booking/v1', '/venue-dashboard', '/payment', '/delete-account', '/host-dashboard'])(
    '%s is for signed-in users only',
    async (path) => {
      const { location } = renderApp(path);
      expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
      expect(location()).toBe('/login');
      expect(window.localStorage.getItem(STORAGE_KEYS.redirectAfterLogin)).toBe(path);
    },
  );
});

describe('the booking guest flow', () => {
  it('a visitor may open /booking/{id}?guest=true; without guest=true the page is for signed-in users', async () => {
    const venue = makeVenue({ name: 'Azure Dream', type: 'yacht', subtype: null });
    server.use(http.get('/api/venues/:id', () => HttpResponse.json(venue)));
    const first = renderApp(`/booking/${venue.id}?guest=true`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Azure Dream' })).toBeInTheDocument();
    expect(first.location()).toBe(`/booking/${venue.id}?guest=true`);
    first.unmount();

    const second = renderApp(`/booking/${venue.id}?guest=false`);
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(second.location()).toBe('/login');
  });
});

describe('session check on app start', () => {
  it('forgets a stored user when the server says the session ended, remembering the page', async () => {
    window.localStorage.setItem(STORAGE_KEYS.currentUser, JSON.stringify(host));
    window.localStorage.setItem(STORAGE_KEYS.currentUserId, host.id);
    const { location } = renderApp('/dashboard?tab=messages');
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(location()).toBe('/login');
    expect(storedUser()).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.currentUserId)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.redirectAfterLogin)).toBe('/dashboard?tab=messages');
  });

  it("refreshes the stored user from the server's copy, keeping the local isNewUser flag", async () => {
    window.localStorage.setItem(STORAGE_KEYS.currentUser, JSON.stringify({ ...host, isNewUser: true }));
    server.use(http.get('/api/auth/me', () => HttpResponse.json({ ...host, firstName: 'Avery' })));
    renderApp('/dashboard');
    await expect.poll(() => screen.queryByTestId('dashboard-greeting')?.textContent).toBe('Welcome, Avery');
    expect(storedUser()).toEqual({ ...host, firstName: 'Avery', isNewUser: true });
    expect(window.localStorage.getItem(STORAGE_KEYS.currentUserId)).toBe(host.id);
  });

  it('restores a signed-in state from the session cookie when nothing is stored', async () => {
    server.use(http.get('/api/auth/me', () => HttpResponse.json(host)));
    const { location } = renderApp('/login');
    expect(await screen.findByTestId('dashboard-greeting')).toHaveTextContent('Welcome, Ava');
    expect(location()).toMatch(/^\/dashboard/);
  });
});
