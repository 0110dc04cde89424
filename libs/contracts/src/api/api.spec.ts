import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { ALL_ERRORS, AUTH_ERRORS, ERRORS_BY_CODE } from '../errors';
import { buildOpenApiDocument } from '../openapi';
import { allRoutes, api, buildPath, defineRoute, routesOf } from './index';

describe('the /api contract', () => {
  it('has unique ids and unique method + path pairs', () => {
    const ids = allRoutes.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    const keys = allRoutes.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const r of allRoutes) expect(r.path.startsWith('/api/')).toBe(true);
  });

  it('fills defaults: status 200, no rate limit, no extra errors, the response as the service response', () => {
    const r = defineRoute({
      id: 't.x',
      method: 'GET',
      path: '/api/t',
      service: 'venues',
      access: 'member',
      summary: 's',
      response: z.object({ a: z.number() }),
    });
    expect(r).toMatchObject({ status: 200, rateLimit: 'none', errors: [], gatewayHandler: false });
    expect(r.serviceResponse).toBe(r.response);
    expect(Object.isFrozen(r)).toBe(true);
  });

  it('refuses an entry whose path parameters and params schema differ', () => {
    const base = { method: 'GET', service: 'venues', access: 'public', summary: 's', response: z.null() } as const;
    expect(() => defineRoute({ ...base, id: 't.a', path: '/api/v/:id' })).toThrow(
      'path parameters [id] and params schema [] differ',
    );
    expect(() =>
      defineRoute({ ...base, id: 't.b', path: '/api/v/:id', params: z.object({ venueId: z.string() }) }),
    ).toThrow('differ');
    expect(
      defineRoute({
        ...base,
        id: 't.c',
        path: '/api/v/:city/:state',
        params: z.object({ city: z.string(), state: z.string() }),
      }).path,
    ).toBe('/api/v/:city/:state');
  });

  it('refuses a limit counted per venue on a route whose body names no venue (it could not be counted)', () => {
    const base = {
      method: 'POST',
      path: '/api/t',
      service: 'bookings',
      access: 'member',
      summary: 's',
      response: z.null(),
      rateLimit: 'member-check-ins',
    } as const;
    expect(() => defineRoute({ ...base, id: 't.v', body: z.object({ code: z.string() }) })).toThrow(
      'needs the venueId in its body',
    );
    expect(defineRoute({ ...base, id: 't.w', body: z.object({ venueId: z.uuid() }) }).rateLimit).toBe(
      'member-check-ins',
    );
  });

  it('describes the auth routes as the spec documents them', () => {
    expect(api.auth.register).toMatchObject({
      method: 'POST',
      path: '/api/auth/register',
      service: 'identity',
      access: 'public',
      status: 201,
      rateLimit: 'register',
      gatewayHandler: true,
    });
    expect(api.auth.login).toMatchObject({
      method: 'POST',
      path: '/api/auth/login',
      rateLimit: 'login',
      gatewayHandler: true,
    });
    expect(api.auth.logout).toMatchObject({ method: 'POST', status: 204 });
    expect(api.auth.me).toMatchObject({ method: 'GET', access: 'member' });
    // Forgot password (issue 32): public, limited per network and address; the confirmation per network.
    expect(api.auth.requestPasswordReset).toMatchObject({
      method: 'POST',
      path: '/api/auth/password-reset',
      access: 'public',
      status: 202,
      rateLimit: 'password-reset',
    });
    expect(api.auth.resetPassword).toMatchObject({
      method: 'POST',
      path: '/api/auth/password-reset/confirm',
      access: 'public',
      status: 204,
      rateLimit: 'login',
    });
    expect(
      routesOf('identity')
        .map((r) => r.id)
        .sort(),
    ).toEqual([
      'auth.login',
      'auth.logout',
      'auth.me',
      'auth.register',
      'auth.requestPasswordReset',
      'auth.resendVerification',
      'auth.resetPassword',
      'auth.verifyEmail',
      'users.addImage',
      'users.deleteAccount',
      'users.image',
      'users.savePhotos',
      'users.updateProfile',
      'users.uploadUrl',
    ]);
  });

  it('describes the profile, photo and deletion routes (docs/product.md#profiles, docs/product.md#accounts-deletion), each for the account itself', () => {
    expect(api.users.updateProfile).toMatchObject({
      method: 'POST',
      path: '/api/profile',
      access: 'member',
      service: 'identity',
    });
    expect(api.users.savePhotos).toMatchObject({ method: 'PUT', path: '/api/users/:id/profile', access: 'member' });
    expect(api.users.deleteAccount).toMatchObject({
      method: 'DELETE',
      path: '/api/users/:id',
      status: 204,
      gatewayHandler: true,
    });
    expect(api.users.savePhotos.errors.map((e) => e.code)).toContain('AUTH.FORBIDDEN');
    expect(api.users.deleteAccount.errors.map((e) => e.code)).toContain('AUTH.FORBIDDEN');
    expect(api.users.uploadUrl).toMatchObject({ method: 'POST', path: '/api/users/:id/upload-url', access: 'member' });
    expect(api.users.addImage).toMatchObject({ method: 'PUT', path: '/api/users/:id/images', access: 'member' });
    expect(api.users.addImage.errors.map((e) => e.code)).toEqual([
      'AUTH.UNAUTHENTICATED',
      'AUTH.FORBIDDEN',
      'PROFILE.UPLOAD_REJECTED',
    ]);
    // Photos are served to anyone who has the (unguessable) path, through a cacheable redirect.
    expect(api.users.image).toMatchObject({
      method: 'GET',
      path: '/api/images/users/:userId/:file',
      access: 'public',
      status: 302,
      gatewayHandler: true,
    });
    expect(
      routesOf('venues')
        .filter((r) => r.id.startsWith('venues.'))
        .map((r) => r.id)
        .sort(),
    ).toEqual([
      'venues.byLocation',
      'venues.create',
      'venues.createSection',
      'venues.get',
      'venues.list',
      'venues.mine',
      'venues.remove',
      'venues.removeSection',
      'venues.sections',
      'venues.update',
      'venues.updateSection',
    ]);
  });

  it("describes dancers, bartenders and venue photos (docs/product.md#venues-staff, docs/product.md#venues-photos): owners change them, members read a strip club's dancers", () => {
    expect(
      routesOf('venues')
        .map((r) => `${r.method} ${r.path} ${r.access}`)
        .filter((k) => /dancers|bartenders|images|placeholder/.test(k))
        .sort(),
    ).toEqual([
      'DELETE /api/bartenders/:id venue-owner',
      'DELETE /api/dancers/:id venue-owner',
      'GET /api/images/venues/:ownerId/:file public',
      'GET /api/placeholder-section public',
      'GET /api/placeholder-venue public',
      'GET /api/placeholder-yacht public',
      'GET /api/venues/:id/bartenders venue-owner',
      'GET /api/venues/:id/dancers member',
      'POST /api/venue-images/upload-url venue-owner',
      'POST /api/venues/:id/bartenders venue-owner',
      'POST /api/venues/:id/dancers venue-owner',
      'PUT /api/bartenders/:id venue-owner',
      'PUT /api/dancers/:id venue-owner',
      'PUT /api/venue-images venue-owner',
    ]);
    for (const r of [
      api.venueImages.image,
      api.venueImages.placeholderYacht,
      api.venueImages.placeholderVenue,
      api.venueImages.placeholderSection,
    ])
      expect(r).toMatchObject({ status: 302, gatewayHandler: true });
    expect(api.venueImages.uploadUrl).toMatchObject({
      method: 'POST',
      path: '/api/venue-images/upload-url',
      access: 'venue-owner',
    });
  });

  it('the public answer of login never carries the session token, the service answer does', () => {
    const user = api.auth.login.response.parse({
      id: '6f1c1d39-3a4f-4a49-8d8e-7d1f7c0f6f7e',
      email: 'a@b.co',
      firstName: 'A',
      lastName: 'B',
      userType: 'guest',
      city: 'Miami',
      state: 'Florida',
      phoneNumber: null,
      age: null,
      bio: null,
      profileImages: [],
      gender: null,
      profileCompleted: 'false',
      createdAt: '2026-01-01T00:00:00.000Z',
      passwordHash: 'x',
      sessionToken: 'y',
    });
    expect(user).not.toHaveProperty('passwordHash');
    expect(user).not.toHaveProperty('sessionToken');
    expect(api.auth.login.serviceResponse.safeParse({ user }).success).toBe(false);
    expect(api.auth.login.serviceResponse.safeParse({ user, sessionToken: 't' }).success).toBe(true);
  });
});

describe('buildPath', () => {
  it('fills and encodes parameters', () => {
    expect(buildPath('/api/venues/:city/:state', { city: 'New York', state: 'NY' })).toBe('/api/venues/New%20York/NY');
    expect(buildPath('/api/users/:id', { id: 'a/b' })).toBe('/api/users/a%2Fb');
    expect(buildPath('/api/auth/me')).toBe('/api/auth/me');
  });
  it('throws on a missing parameter', () => {
    expect(() => buildPath('/api/users/:id', {})).toThrow('missing path parameter id');
    expect(() => buildPath('/api/users/:id', { id: '' })).toThrow('missing path parameter id');
  });
});

describe('the error catalogue', () => {
  it('defines every code once, with a status and a message', () => {
    const codes = ALL_ERRORS.map((e) => e.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const e of ALL_ERRORS) {
      expect(e.code).toMatch(/^[A-Z]+\.[A-Z_]+$/);
      expect(e.status).toBeGreaterThanOrEqual(400);
      expect(e.message.length).toBeGreaterThan(0);
    }
    expect(ERRORS_BY_CODE.get('AUTH.EMAIL_TAKEN')).toEqual({
      code: 'AUTH.EMAIL_TAKEN',
      status: 409,
      message: 'An account with this email already exists',
    });
    expect(AUTH_ERRORS.INVALID_CREDENTIALS.message).toBe('Invalid email or password');
  });
});

describe('the OpenAPI document', () => {
  const doc = buildOpenApiDocument() as any;
  it('is OpenAPI 3.1 with one operation per contract entry', () => {
    expect(doc.openapi).toBe('3.1.0');
    const ops = Object.values(doc.paths as Record<string, Record<string, { operationId: string }>>).flatMap((p) =>
      Object.values(p).map((o) => o.operationId),
    );
    expect(ops.sort()).toEqual(allRoutes.map((r) => r.id).sort());
  });
  it('documents bodies from the zod schemas, with the spec limits', () => {
    const schema = doc.paths['/api/auth/register'].post.requestBody.content['application/json'].schema;
    expect(schema.properties.password).toMatchObject({ type: 'string', minLength: 8 });
    expect(schema.properties.userType.enum).toEqual(['host', 'guest', 'venue', 'entertainer']);
  });
  it('documents errors with the catalogue messages and the shared error body', () => {
    const login = doc.paths['/api/auth/login'].post;
    expect(login.responses['401'].description).toContain('AUTH.INVALID_CREDENTIALS: Invalid email or password');
    expect(login.responses['429'].description).toContain('Too many attempts');
    expect(login.responses['400'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/ApiError',
    });
    expect(doc.components.schemas.ApiError.required).toEqual(expect.arrayContaining(['statusCode', 'code', 'message']));
    expect(doc.paths['/api/auth/logout'].post.responses['204']).toEqual({ description: 'No content' });
  });
  it('documents a text answer with its own media type (a calendar file)', () => {
    const ok = doc.paths['/api/bookings/{id}/calendar.ics'].get.responses['200'];
    expect(ok.content).toEqual({ 'text/calendar': { schema: { type: 'string' } } });
  });
  it('refuses a non-JSON content type on an answer that is not text', () => {
    expect(() =>
      defineRoute({
        id: 'x.t',
        method: 'GET',
        path: '/api/t',
        service: 'identity',
        access: 'member',
        summary: 's',
        response: z.object({ a: z.string() }),
        contentType: 'text/plain',
      }),
    ).toThrow(/must be a string/);
  });
  it('turns :params into {params} and lists them as path parameters', () => {
    const route = defineRoute({
      id: 'x.y',
      method: 'GET',
      path: '/api/users/:id',
      service: 'identity',
      access: 'member',
      summary: 's',
      params: z.object({ id: z.uuid() }),
      query: z.object({ q: z.string().optional() }),
      response: z.null(),
    });
    const d = buildOpenApiDocument({ routes: [route] }) as any;
    const op = d.paths['/api/users/{id}'].get;
    expect(op.parameters).toEqual([
      { name: 'id', in: 'path', required: true, schema: expect.objectContaining({ type: 'string' }) },
      { name: 'q', in: 'query', required: false, schema: { type: 'string' } },
    ]);
  });
});
