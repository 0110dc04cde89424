import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../../lib/storage';
import { makeUser, storedUser } from '../../../testing/fixtures';
import { findToast, renderApp, screen, within } from '../../../testing/render-app';
import { server } from '../../../testing/server';

const draft = {
  firstName: 'Ava',
  lastName: 'Sterling',
  email: 'ava@example.com',
  password: 'velvet-rope-8',
  userType: 'host',
};

function putDraft(userType = 'host') {
  window.sessionStorage.setItem(STORAGE_KEYS.signupData, JSON.stringify({ ...draft, userType }));
}

/** Registration endpoint that records what it received. */
function registerHandler(respond: (body: Record<string, unknown>) => Response | Promise<Response>) {
  const bodies: Record<string, unknown>[] = [];
  server.use(
    http.post('/api/auth/register', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push(body);
      return respond(body);
    }),
  );
  return bodies;
}

async function cityInput() {
  return screen.findByRole('combobox', { name: 'City' });
}

describe('/signup-location (step 2 of 2)', () => {
  beforeEach(() => putDraft());

  it('sends the user back to step 1 when there is no draft', async () => {
    window.sessionStorage.clear();
    const { location } = renderApp('/signup-location?type=host');
    expect(await screen.findByRole('heading', { level: 1, name: 'Host Registration' })).toBeInTheDocument();
    expect(location()).toBe('/signup?type=host');
  });

  it('defaults to Miami / Florida and links back to step 1', async () => {
    renderApp('/signup-location?type=host');
    expect(await cityInput()).toHaveValue('Miami');
    expect(screen.getByTestId('selected-state')).toHaveTextContent('Florida');
    expect(screen.getByText('Step 2 of 2')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to basic information' })).toHaveAttribute(
      'href',
      '/signup?type=host',
    );
  });

  it('suggests cities only from 2 typed characters, at most 6', async () => {
    const { user } = renderApp('/signup-location?type=host');
    const input = await cityInput();
    await user.clear(input);
    await user.type(input, 'a');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryAllByRole('option')).toHaveLength(0);

    await user.type(input, 'n');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(within(screen.getByRole('listbox')).getAllByRole('option')).toHaveLength(6);

    await user.clear(input);
    await user.type(input, 'TEXAS');
    const options = screen.getAllByRole('option');
    expect(options).toHaveLength(6);
    expect(options.map((o) => o.textContent)).toContain('Houston, TXTexas');
  });

  it('keyboard: ArrowDown then Enter sets "City, ST" and the full state name', async () => {
    const { user } = renderApp('/signup-location?type=host');
    const input = await cityInput();
    await user.clear(input);
    await user.type(input, 'Aus');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Austin, TXTexas']);

    await user.keyboard('{ArrowDown}');
    const option = screen.getByRole('option', { name: /Austin, TX/ });
    expect(option).toHaveAttribute('aria-selected', 'true');
    expect(input).toHaveAttribute('aria-activedescendant', option.id);

    await user.keyboard('{Enter}');
    expect(input).toHaveValue('Austin, TX');
    expect(screen.getByTestId('selected-state')).toHaveTextContent('Texas');
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('keyboard: ArrowUp wraps to the last suggestion, Escape closes the list', async () => {
    const { user } = renderApp('/signup-location?type=host');
    const input = await cityInput();
    await user.clear(input);
    await user.type(input, 'san');
    await user.keyboard('{ArrowDown}{ArrowUp}');
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'San Antonio, TXTexas',
      'San Diego, CACalifornia',
      'San Jose, CACalifornia',
      'San Francisco, CACalifornia',
    ]);
    expect(options[3]).toHaveAttribute('aria-selected', 'true');
    expect(options[0]).toHaveAttribute('aria-selected', 'false');
    await user.keyboard('{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveValue('san');
  });

  it('choosing with the mouse works, and the list closes 200 ms after blur', async () => {
    const { user } = renderApp('/signup-location?type=host');
    const input = await cityInput();
    await user.clear(input);
    await user.type(input, 'chi');
    await user.click(screen.getByRole('option', { name: /Chicago, IL/ }));
    expect(input).toHaveValue('Chicago, IL');
    expect(screen.getByTestId('selected-state')).toHaveTextContent('Illinois');

    await user.clear(input);
    await user.type(input, 'den');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    await user.tab();
    // Still open right after the blur, closed once the 200 ms delay has passed.
    expect(input).toHaveAttribute('aria-expanded', 'true');
    await new Promise((r) => setTimeout(r, 250));
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('requires a city and a state chosen from the list', async () => {
    const bodies = registerHandler(() => HttpResponse.json(makeUser(), { status: 201 }));
    const { user } = renderApp('/signup-location?type=host');
    const input = await cityInput();
    await user.clear(input);
    await user.click(screen.getByRole('button', { name: 'Complete Registration' }));
    expect(await screen.findByText('Please select your city')).toBeInTheDocument();

    await user.type(input, 'Springfield');
    await user.click(screen.getByRole('button', { name: 'Complete Registration' }));
    expect(await screen.findByText('Please select your state')).toBeInTheDocument();
    expect(bodies).toHaveLength(0);
  });

  it('host: registers, stores the new user, removes the draft, toasts and goes to /dashboard', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const created = makeUser({ firstName: 'Ava', userType: 'host', city: 'Austin, TX', state: 'Texas' });
    const bodies = registerHandler(async () => {
      await gate;
      return HttpResponse.json(created, { status: 201 });
    });
    const { user, location } = renderApp('/signup-location?type=host');
    const input = await cityInput();
    await user.clear(input);
    await user.type(input, 'Aus');
    await user.keyboard('{ArrowDown}{Enter}');
    await user.click(screen.getByRole('button', { name: 'Complete Registration' }));

    const pending = await screen.findByRole('button', { name: 'Creating Account...' });
    expect(pending).toBeDisabled();
    release();

    expect(await screen.findByTestId('dashboard-greeting')).toHaveTextContent('Welcome, Ava');
    expect(location()).toMatch(/^\/dashboard/);
    expect(bodies).toEqual([
      {
        email: 'ava@example.com',
        password: 'velvet-rope-8',
        firstName: 'Ava',
        lastName: 'Sterling',
        city: 'Austin, TX',
        state: 'Texas',
        userType: 'host',
      },
    ]);
    expect(storedUser()).toEqual({ ...created, isNewUser: true });
    expect(window.localStorage.getItem(STORAGE_KEYS.currentUserId)).toBe(created.id);
    expect(window.sessionStorage.getItem(STORAGE_KEYS.signupData)).toBeNull();
    const toast = await findToast();
    expect(toast).toHaveTextContent('Welcome to LuxeSwipe!');
    expect(toast).toHaveTextContent('Your host account has been created successfully.');
    expect(toast).toHaveAttribute('data-variant', 'default');
  });

  it.each([
    ['guest', 'Noor'],
    ['venue', 'Vito'],
  ] as const)('%s: goes to /welcome-success after registering with the default city', async (type, firstName) => {
    putDraft(type);
    const created = makeUser({ firstName, userType: type });
    const bodies = registerHandler(() => HttpResponse.json(created, { status: 201 }));
    const { user, location } = renderApp(`/signup-location?type=${type}`);
    await user.click(await screen.findByRole('button', { name: 'Complete Registration' }));

    expect(await screen.findByRole('heading', { name: `Welcome to LuxeSwipe, ${firstName}!` })).toBeInTheDocument();
    expect(location()).toBe('/welcome-success');
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute(
      'href',
      type === 'venue' ? '/venue-dashboard' : '/dashboard',
    );
    expect(bodies[0]).toMatchObject({ city: 'Miami', state: 'Florida', userType: type });
    expect(storedUser()).toMatchObject({ id: created.id, isNewUser: true });
    expect(window.sessionStorage.getItem(STORAGE_KEYS.signupData)).toBeNull();
    expect(await findToast()).toHaveTextContent(`Your ${type} account has been created successfully.`);
  });

  it('409: shows the server message in a destructive toast and keeps the draft', async () => {
    registerHandler(() =>
      HttpResponse.json(
        { statusCode: 409, code: 'AUTH.EMAIL_TAKEN', message: 'An account with this email already exists' },
        { status: 409 },
      ),
    );
    const { user, location } = renderApp('/signup-location?type=host');
    await user.click(await screen.findByRole('button', { name: 'Complete Registration' }));

    const toast = await findToast();
    expect(toast).toHaveTextContent('Registration failed');
    expect(toast).toHaveTextContent('An account with this email already exists');
    expect(toast).toHaveAttribute('data-variant', 'destructive');
    expect(location()).toBe('/signup-location?type=host');
    expect(storedUser()).toBeNull();
    expect(window.sessionStorage.getItem(STORAGE_KEYS.signupData)).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Complete Registration' })).toBeEnabled();
  });

  it('a failure without a server message says "Please try again"', async () => {
    registerHandler(() => new HttpResponse(null, { status: 502, statusText: 'Bad Gateway' }));
    const { user } = renderApp('/signup-location?type=host');
    await user.click(await screen.findByRole('button', { name: 'Complete Registration' }));
    const toast = await findToast();
    expect(toast).toHaveTextContent('Registration failed');
    expect(toast).toHaveTextContent('Please try again');
  });
});
