import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../../lib/storage';
import { makeUser, storedUser } from '../../../testing/fixtures';
import { renderApp, screen, within } from '../../../testing/render-app';
import { server } from '../../../testing/server';

async function fillStepOne(
  user: ReturnType<typeof renderApp>['user'],
  over: Partial<Record<'email' | 'password' | 'firstName' | 'lastName' | 'phone', string>> & { gender?: string } = {},
) {
  await user.type(await screen.findByLabelText('Email'), over.email ?? 'noor@example.com');
  if (over.phone) await user.type(screen.getByLabelText('Phone Number (optional)'), over.phone);
  await user.type(screen.getByLabelText('Password'), over.password ?? 'secret-123');
  await user.type(screen.getByLabelText('First Name'), over.firstName ?? 'Noor');
  await user.type(screen.getByLabelText('Last Name'), over.lastName ?? 'Haddad');
  if (over.gender) await user.selectOptions(screen.getByLabelText('Gender'), over.gender);
}
const cardTitles = () =>
  within(screen.getByRole('list', { name: 'Roles' }))
    .getAllByRole('button')
    .map((b) => b.querySelector('span')?.textContent);

describe('sign-up reading B (three steps)', () => {
  it("step 1 shows its own messages, and the server's password rule (gender required)", async () => {
    const { user } = renderApp('/register');
    expect(await screen.findByText('Join the exclusive community')).toBeInTheDocument();
    expect(screen.getByText('Step 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Select your gender' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Password'), '1234567');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    for (const m of [
      'Please enter a valid email',
      'Password must be at least 8 characters',
      'First name is required',
      'Last name is required',
      'Please select your gender',
    ])
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
    window.sessionStorage.setItem(
      STORAGE_KEYS.signupData,
      JSON.stringify({
        reading: 'B',
        email: 'a@b.co',
        password: 'secret1',
        firstName: 'A',
        lastName: 'B',
        gender: 'male',
      }),
    );
    const first = renderApp('/role-selection');
    expect(await screen.findByRole('heading', { name: 'Choose Your Role' })).toBeInTheDocument();
    expect(cardTitles()).toEqual(['Guest', 'Host']);
    first.unmount();
    window.sessionStorage.clear();
    const { location } = renderApp('/role-selection?gender=male');
    expect(await screen.findByText('Join the exclusive community')).toBeInTheDocument();
    expect(location()).toBe('/register');
  });

  it("a 6-character password stops on step 1 with the server's rule (it used to dead-end on step 3, issue 31); a valid one creates the account with the phone", async () => {
    const bodies: Record<string, unknown>[] = [];
    server.use(
      http.post('/api/auth/register', async ({ request }) => {
        bodies.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json(makeUser({ firstName: 'Noor', userType: 'guest' }), { status: 201 });
      }),
    );
    const { user, location } = renderApp('/register');
    await fillStepOne(user, { gender: 'female', phone: '+1 305 555 0100', password: 'secret' });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(location()).toBe('/register');
    await user.type(screen.getByLabelText('Password'), '-123');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: /^Guest/ }));
    expect(await screen.findByText('Step 3 of 3')).toBeInTheDocument();
    expect(location()).toBe('/signup-location?type=guest');
    await user.click(screen.getByRole('button', { name: 'Complete Registration' }));
    await expect.poll(() => storedUser()?.firstName).toBe('Noor');
    // Gender is kept at registration since the identity migration (contracts 87e5671).
    expect(bodies).toEqual([
      expect.objectContaining({
        email: 'noor@example.com',
        password: 'secret-123',
        userType: 'guest',
        phoneNumber: '+1 305 555 0100',
        city: 'Miami',
        state: 'Florida',
        gender: 'female',
      }),
    ]);
  });

  it('/register?userType=host names the role in advance and skips the role selection', async () => {
    const { user, location } = renderApp('/register?userType=host');
    await fillStepOne(user, { gender: 'female', password: 'long-enough-1' });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Step 3 of 3')).toBeInTheDocument();
    expect(location()).toBe('/signup-location?type=host');
  });
});
