import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { allRoutes } from './api';
import { ALL_ERRORS, AUTH_ERRORS, REQUEST_ERRORS, SECURITY_ERRORS, SERVER_ERRORS, UPSTREAM_ERRORS } from './errors';
import { buildOpenApiDocument } from './openapi';

// The document is the contract, entry by entry: every route with its parameters, body, answer
// and every status it can answer (schemathesis checks real answers against it: test-fuzz.sh).
const doc = buildOpenApiDocument() as any;
const json = (s: z.ZodType, io: 'input' | 'output') => {
  const out = z.toJSONSchema(s, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as Record<string, unknown>;
  delete out.$schema;
  return out;
};
const opOf = (r: (typeof allRoutes)[number]) =>
  doc.paths[r.path.replace(/:([A-Za-z]\w*)/g, '{$1}')]?.[r.method.toLowerCase()];

describe.each(allRoutes.map((r) => [`${r.method} ${r.path}`, r] as const))('%s', (_label, r) => {
  const op = opOf(r);
  it('is documented with its id, access and parameters', () => {
    expect(op?.operationId).toBe(r.id);
    const names = (s?: z.ZodType) => (s instanceof z.ZodObject ? Object.keys(s.shape) : []);
    expect(op.parameters.filter((p: any) => p.in === 'path').map((p: any) => p.name)).toEqual(names(r.params));
    expect(
      op.parameters
        .filter((p: any) => p.in === 'query')
        .map((p: any) => p.name)
        .sort(),
    ).toEqual(names(r.query).sort());
    if (r.access === 'admin') expect(op.security).toEqual([{ adminBearer: [] }]);
    else if (r.access === 'public') expect(op.security).toBeUndefined();
    else expect(op.security).toEqual([{ sessionCookie: [] }]);
  });
  it('documents its body and its answer with the contract schemas', () => {
    if (r.body) expect(op.requestBody.content['application/json'].schema).toEqual(json(r.body, 'input'));
    else expect(op.requestBody).toBeUndefined();
    const ok = op.responses[String(r.status)];
    if (r.status === 204 || r.response instanceof z.ZodNull) expect(ok.content).toBeUndefined();
    else
      expect(ok.content[r.contentType?.split(';')[0] ?? 'application/json'].schema).toEqual(json(r.response, 'output'));
  });
  it('documents every error it can answer, with the catalogue message and the shared error body', () => {
    const expected = [
      ...r.errors,
      UPSTREAM_ERRORS.ERROR,
      UPSTREAM_ERRORS.UNAVAILABLE,
      UPSTREAM_ERRORS.TIMEOUT,
      SERVER_ERRORS.UNAVAILABLE,
    ];
    if (r.params || r.query || r.body) expected.push(REQUEST_ERRORS.VALIDATION_FAILED);
    if (r.body)
      expected.push(
        REQUEST_ERRORS.MALFORMED_JSON,
        REQUEST_ERRORS.PAYLOAD_TOO_LARGE,
        REQUEST_ERRORS.UNSUPPORTED_MEDIA_TYPE,
      );
    if (r.access !== 'public') expected.push(AUTH_ERRORS.UNAUTHENTICATED);
    if (r.access === 'venue-owner' || r.access === 'admin') expected.push(AUTH_ERRORS.FORBIDDEN);
    if (r.method !== 'GET') expected.push(SECURITY_ERRORS.CSRF);
    if (r.params) expected.push(REQUEST_ERRORS.NOT_FOUND);
    if (r.rateLimit !== 'none') expected.push(AUTH_ERRORS.RATE_LIMITED);
    for (const e of expected) {
      const res = op.responses[String(e.status)];
      expect(res?.description).toContain(`${e.code}: ${e.message}`);
      expect(res.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/ApiError' });
    }
    // Nothing else: every documented error status is one of those.
    const statuses = new Set(expected.map((e) => String(e.status)));
    expect(
      Object.keys(op.responses)
        .filter((s) => s !== String(r.status))
        .sort(),
    ).toEqual([...statuses].sort());
  });
});

describe('the error catalogue in the document', () => {
  it('names only defined codes', () => {
    const codes = new Set(ALL_ERRORS.map((e) => e.code));
    const named = Object.values(doc.paths)
      .flatMap((p: any) => Object.values(p))
      .flatMap((op: any) =>
        Object.entries(op.responses)
          .filter(([s]) => Number(s) >= 400)
          .flatMap(([, res]: [string, any]) =>
            [...(res.description as string).matchAll(/(?:^|; )([A-Z]+\.[A-Z_]+): /g)].map((m) => m[1]),
          ),
      );
    expect(named.length).toBeGreaterThan(allRoutes.length);
    expect(named.filter((c) => !codes.has(c as never))).toEqual([]);
  });
  it('documents 429 on every rate-limited route, per-member classes included (the fuzzer found holds answering an undocumented 429)', () => {
    const limited = allRoutes.filter((r) => r.rateLimit !== 'none');
    expect(limited.map((r) => r.id)).toEqual(
      expect.arrayContaining([
        'bookings.hold',
        'payments.createIntent',
        'auth.register',
        'conversations.send',
        'conversations.reportMessage',
        'safety.reportUser',
        'friends.create',
        'invites.create',
        'passes.checkIn',
        'users.uploadUrl',
        'friends.uploadUrl',
        'venueImages.uploadUrl',
      ]),
    );
    for (const r of limited)
      expect([r.id, opOf(r).responses['429']?.description]).toEqual([
        r.id,
        expect.stringContaining(AUTH_ERRORS.RATE_LIMITED.code),
      ]);
  });
  it('documents the answer of a WebSocket route called without the upgrade (426)', () => {
    expect(doc.paths['/api/realtime'].get.responses['426'].description).toContain('REQUEST.UPGRADE_REQUIRED');
  });
});
