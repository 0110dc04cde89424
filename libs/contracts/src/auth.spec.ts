import { describe, expect, it } from '@jest/globals';
import { AUTH_MESSAGES, loginSchema, registerSchema, signupStepOneBSchema, USER_TYPES } from './auth';

const valid = {
  email: 'Jane.Doe@Example.com',
  password: 'correct-horse',
  firstName: 'Jane',
  lastName: 'Doe',
  city: 'Miami',
  state: 'FL',
  userType: 'guest',
};

/** Parses and returns the messages per path (fails the test if parsing succeeds). */
function messages(
  schema: typeof registerSchema | typeof loginSchema | typeof signupStepOneBSchema,
  input: unknown,
): Record<string, string[]> {
  const r = schema.safeParse(input);
  expect(r.success).toBe(false);
  const out: Record<string, string[]> = {};
  for (const i of r.error!.issues) (out[i.path.join('.')] ??= []).push(i.message);
  return out;
}

describe('registerSchema', () => {
  it('accepts a valid registration, trimming and lowercasing the email, phone absent → null', () => {
    const r = registerSchema.parse({ ...valid, email: '  Jane.Doe@Example.COM  ' });
    expect(r.email).toBe('jane.doe@example.com');
    expect(r.phoneNumber).toBeNull();
    expect(r).toMatchObject({
      firstName: 'Jane',
      lastName: 'Doe',
      city: 'Miami',
      state: 'FL',
      userType: 'guest',
      password: 'correct-horse',
    });
  });

  it('turns an empty phone into null and keeps a given one trimmed', () => {
    expect(registerSchema.parse({ ...valid, phoneNumber: '' }).phoneNumber).toBeNull();
    expect(registerSchema.parse({ ...valid, phoneNumber: null }).phoneNumber).toBeNull();
    expect(registerSchema.parse({ ...valid, phoneNumber: '  +1 305 555 0100 ' }).phoneNumber).toBe('+1 305 555 0100');
  });

  it('trims names', () => {
    const r = registerSchema.parse({
      ...valid,
      firstName: '  Jane ',
      lastName: ' Doe  ',
      city: ' Miami ',
      state: ' FL ',
    });
    expect([r.firstName, r.lastName, r.city, r.state]).toEqual(['Jane', 'Doe', 'Miami', 'FL']);
  });

  it.each(['not-an-email', 'a@', '@b.com', '', '   '])('rejects email %j with the spec message', (email) => {
    expect(messages(registerSchema, { ...valid, email })).toEqual({ email: ['Please enter a valid email address'] });
  });

  it('rejects a missing email with the spec message', () => {
    const { email: _e, ...rest } = valid;
    expect(messages(registerSchema, rest)).toEqual({ email: ['Please enter a valid email address'] });
  });

  it('rejects a password shorter than 8 with the spec message, accepts exactly 8', () => {
    expect(messages(registerSchema, { ...valid, password: '1234567' })).toEqual({
      password: ['Password must be at least 8 characters'],
    });
    expect(registerSchema.safeParse({ ...valid, password: '12345678' }).success).toBe(true);
    const { password: _p, ...rest } = valid;
    expect(messages(registerSchema, rest)).toEqual({ password: ['Password must be at least 8 characters'] });
  });

  const required: [keyof typeof valid, string][] = [
    ['firstName', 'First name is required'],
    ['lastName', 'Last name is required'],
    ['city', 'City is required'],
    ['state', 'State is required'],
  ];
  it.each(required)('rejects empty, whitespace-only and missing %s with %j', (field, message) => {
    for (const v of ['', '   ', '\t\n'])
      expect(messages(registerSchema, { ...valid, [field]: v })).toEqual({ [field]: [message] });
    const rest: Record<string, unknown> = { ...valid };
    delete rest[field];
    expect(messages(registerSchema, rest)).toEqual({ [field]: [message] });
  });

  it('accepts each role and rejects anything else with the spec message', () => {
    for (const t of ['host', 'guest', 'venue', 'entertainer'])
      expect(registerSchema.parse({ ...valid, userType: t }).userType).toBe(t);
    expect([...USER_TYPES].sort()).toEqual(['entertainer', 'guest', 'host', 'venue']);
    for (const t of ['admin', 'Host', '', 42])
      expect(messages(registerSchema, { ...valid, userType: t })).toEqual({ userType: ['Please select your role'] });
    const { userType: _u, ...rest } = valid;
    expect(messages(registerSchema, rest)).toEqual({ userType: ['Please select your role'] });
  });

  it('reports every bad field at once', () => {
    const m = messages(registerSchema, {});
    expect(m).toEqual({
      email: [AUTH_MESSAGES.email],
      password: [AUTH_MESSAGES.password],
      firstName: [AUTH_MESSAGES.firstName],
      lastName: [AUTH_MESSAGES.lastName],
      city: [AUTH_MESSAGES.city],
      state: [AUTH_MESSAGES.state],
      userType: [AUTH_MESSAGES.userType],
    });
  });
});

describe('loginSchema', () => {
  it('accepts and normalises the email', () => {
    expect(loginSchema.parse({ email: ' A@B.CO ', password: 'x' })).toEqual({ email: 'a@b.co', password: 'x' });
  });
  it('requires a password with the spec message', () => {
    expect(messages(loginSchema, { email: 'a@b.co', password: '' })).toEqual({ password: ['Password is required'] });
    expect(messages(loginSchema, { email: 'a@b.co' })).toEqual({ password: ['Password is required'] });
  });
  it('rejects a bad email with the spec message', () => {
    expect(messages(loginSchema, { email: 'nope', password: 'secret' })).toEqual({
      email: ['Please enter a valid email address'],
    });
  });
});

describe('signupStepOneBSchema (reading B, step 1)', () => {
  const stepOne = {
    email: 'noor@example.com',
    password: 'secret-123',
    firstName: 'Noor',
    lastName: 'Haddad',
    gender: 'female',
  };
  it("applies the final registration's password rule, not the spec's 6 of this step (a 6-character password dead-ended two steps later, issue 31)", () => {
    for (const password of ['secret', '1234567'])
      expect(messages(signupStepOneBSchema, { ...stepOne, password })).toEqual({ password: [AUTH_MESSAGES.password] });
    expect(signupStepOneBSchema.safeParse({ ...stepOne, password: '12345678' }).success).toBe(true);
  });
});
