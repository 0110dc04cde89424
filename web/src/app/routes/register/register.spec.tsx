import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../../lib/storage';
import { makeUser, storedUser } from '../../../testing/fixtures';
import { findToast, renderApp, screen, within } from '../../../testing/render-app';
import { server } from '../../../testing/server';

async function fillStepOne(user: ReturnType<typeof renderApp>['user'], over: Partial<Record<'email' | 'password' | 'firstName' | 'lastName' | 'phone', string>> & { gender?: string } = {}) {
  await user.type(await screen.findByLabelText('Email'), over.email ?? 'noor@example.com');
  if (over.phone) await user.type(screen.getByLabelText('Phone Number (optional)'), over.phone);
  await user.type(screen.getByLabelText('Password'), over.password ?? 'secret1');
  await user.type(screen.getByLabelText('First Name'), over.firstName ?? 'Noor');
  await user.type(screen.getByLabelText('Last Name'), over.lastName ?? 'Haddad');
  if (over.gender) await user.selectOptions(screen.getByLabelText('Gender'), over.gender);
}
const cardTitles = () =>
  within(screen.getByRole('list', { name: 'Roles' }))
    .getAllByRole('button')
    .map((b) => b.querySelector('span')?.textContent);

describe('sign-up reading B (three steps)', () => {
  it('step 1 shows its own messages (6-character password, gender required)', async () => {
    const { user } = renderApp('/register');
    expect(await screen.findByText('Join the exclusive community')).toBeInTheDocument();
    expect(screen.getByText('Step 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Select your gender' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Password'), '12345');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    for (const m of ['Please enter a valid email', 'Password must be at least 6 characters', 'First name is required', 'Last name is required', 'Please select your gender'])
      expect(await screen.findByText(m)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Already have an account?' })).toHaveAttribute('href', '/login');
  });

  it.each([
    ['male', ['Host', 'Guest']],
    ['female', ['Guest', 'Host']],
    ['other', ['Guest', 'Host']],
  ])('gender %s orders the role cards %j', async (gender, order) => {
    const { user, location } = renderApp('/register');
    await fillStepOne(user, { gender });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Choose Your Role' })).toBeInTheDocument();
    expect(location()).toBe(`/role-selection?gender=${gender}`);
    expect(cardTitles()).toEqual(order);
    expect(screen.getByText('Step 2 of 3')).toBeInTheDocument();
    // Venue Owner is defined but not offered here.
    expect(screen.queryByText('Venue Owner')).toBeNull();
  });

  it('a missing gender counts as other; without step 1 the role selection sends the user back to it', async () => {
    window.sessionStorage.setItem(STORAGE_KEYS.signupData, JSON.stringify({ reading: 'B', email: 'a@b.co', password: 'secret1', firstName: 'A', lastName: 'B', gender: 'male' }));
    const first = renderApp('/role-selection');
    expect(await screen.findByRole('heading', { name: 'Choose Your Role' })).toBeInTheDocument();
    expect(cardTitles()).toEqual(['Guest', 'Host']);
    first.unmount();
    window.sessionStorage.clear();
    const { location } = renderApp('/role-selection?gender=male');
    expect(await screen.findByText('Join the exclusive community')).toBeInTheDocument();
    expect(location()).toBe('/register');
  });

  it('a guest with a 6-character password reaches the server, whose 8-character rule is shown; with a valid one the account is created with the phone', async () => {
    const bodies: Record<string, unknown>[] = [];
    server.use(
      http.post('/api/auth/register', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        if (String(body.password).length < 8)
          return HttpResponse.json({ statusCode: 400, code: 'REQUEST.VALIDATION_FAILED', message: 'Password must be at least 8 characters', errors: [{ path: 'password', message: 'Password must be at least 8 characters' }] }, { status: 400 });
        return HttpResponse.json(makeUser({ firstName: 'Noor', userType: 'guest' }), { status: 201 });
      }),
    );
    const { user, location } = renderApp('/register');
    await fillStepOne(user, { gender: 'female', phone: '+1 305 555 0100' });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: /^Guest/ }));
    expect(await screen.findByText('Step 3 of 3')).toBeInTheDocument();
    expect(location()).toBe('/signup-location?type=guest');
    await user.click(screen.getByRole('button', { name: 'Complete Registration' }));
    const toast = await findToast();
    expect(toast).toHaveTextContent('Registration failed');
    expect(toast).toHaveTextContent('Password must be at least 8 characters');
    // Gender is kept at registration since the identity migration (contracts 87e5671).
    expect(bodies[0]).toMatchObject({ email: 'noor@example.com', password: 'secret1', userType: 'guest', phoneNumber: '+1 305 555 0100', city: 'Miami', state: 'Florida', gender: 'female' });
    expect(storedUser()).toBeNull();
  });

  it('/register?userType=host names the role in advance and skips the role selection', async () => {
    const { user, location } = renderApp('/register?userType=host');
    await fillStepOne(user, { gender: 'female', password: 'long-enough-1' });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Step 3 of 3')).toBeInTheDocument();
    expect(location()).toBe('/signup-location?type=host');
  });
});
