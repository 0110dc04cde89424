import { z, type ZodType } from 'zod';
import { allRoutes, type RouteDef } from './api';
import { apiErrorBodySchema } from './auth';
import { NEXT_CURSOR_HEADER } from './page-constants';
import { AUTH_ERRORS, REQUEST_ERRORS, SECURITY_ERRORS, SERVER_ERRORS, UPSTREAM_ERRORS, type ErrorDef } from './errors';

type Json = Record<string, unknown>;

function schemaOf(s: ZodType, io: 'input' | 'output'): Json {
  const out = z.toJSONSchema(s, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as Json;
  delete out.$schema;
  return out;
}

const openApiPath = (p: string) => p.replace(/:([A-Za-z][A-Za-z0-9]*)/g, '{$1}');

function parameters(r: RouteDef): Json[] {
  const out: Json[] = [];
  for (const [where, s] of [
    ['path', r.params],
    ['query', r.query],
  ] as const) {
    if (!s) continue;
    const js = schemaOf(s, 'input') as { properties?: Record<string, Json>; required?: string[] };
    for (const [name, schema] of Object.entries(js.properties ?? {}))
      out.push({ name, in: where, required: where === 'path' || (js.required ?? []).includes(name), schema });
  }
  return out;
}

const ACCESS_TEXT: Record<RouteDef['access'], string> = {
  public: 'Anyone.',
  member: 'A signed-in member (session cookie).',
  'venue-owner': 'A signed-in member of type venue (session cookie).',
  admin: 'An admin (bearer token from POST /api/admin/login).',
};

function errorResponses(r: RouteDef): Record<string, Json> {
  const byStatus = new Map<number, ErrorDef[]>();
  const add = (e: ErrorDef) => {
    const defs = byStatus.get(e.status) ?? [];
    if (!defs.some((d) => d.code === e.code)) byStatus.set(e.status, [...defs, e]);
  };
  if (r.params || r.query || r.body) add(REQUEST_ERRORS.VALIDATION_FAILED);
  if (r.body) add(REQUEST_ERRORS.MALFORMED_JSON);
  if (r.access !== 'public') add(AUTH_ERRORS.UNAUTHENTICATED);
  if (r.access === 'venue-owner' || r.access === 'admin') add(AUTH_ERRORS.FORBIDDEN);
  // The gateway's CSRF defence refuses a mutating call with neither JSON nor X-Requested-With.
  if (r.method !== 'GET') add(SECURITY_ERRORS.CSRF);
  // A path parameter longer than the router takes (100 characters) matches no route at all.
  if (r.params) add(REQUEST_ERRORS.NOT_FOUND);
  if (r.body) {
    add(REQUEST_ERRORS.PAYLOAD_TOO_LARGE);
    add(REQUEST_ERRORS.UNSUPPORTED_MEDIA_TYPE);
  }
  // Every rate-limited route may answer 429 with Retry-After (the class says which limit).
  if (r.rateLimit !== 'none') add(AUTH_ERRORS.RATE_LIMITED);
  r.errors.forEach(add);
  // A service the gateway could not use (down, failing, too slow), or a store it could not reach.
  add(UPSTREAM_ERRORS.ERROR);
  add(UPSTREAM_ERRORS.UNAVAILABLE);
  add(SERVER_ERRORS.UNAVAILABLE);
  add(UPSTREAM_ERRORS.TIMEOUT);
  const out: Record<string, Json> = {};
  for (const [status, defs] of [...byStatus.entries()].sort((a, b) => a[0] - b[0]))
    out[String(status)] = {
      description: defs.map((d) => `${d.code}: ${d.message}`).join('; '),
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
    };
  return out;
}

/** The OpenAPI 3.1 document of the `/api` surface, built from the contract entries. */
export function buildOpenApiDocument(
  opts: { title?: string; version?: string; routes?: readonly RouteDef[] } = {},
): Json {
  const paths: Record<string, Record<string, Json>> = {};
  for (const r of opts.routes ?? allRoutes) {
    const p = (paths[openApiPath(r.path)] ??= {});
    const isEmpty = r.status === 204 || r.response instanceof z.ZodNull;
    p[r.method.toLowerCase()] = {
      operationId: r.id,
      tags: [r.id.split('.')[0]],
      summary: r.summary,
      description: `Access: ${ACCESS_TEXT[r.access]}${r.rateLimit !== 'none' ? ` Rate-limited (${r.rateLimit}).` : ''}`,
      ...(r.access === 'admin'
        ? { security: [{ adminBearer: [] }] }
        : r.access !== 'public'
          ? { security: [{ sessionCookie: [] }] }
          : {}),
      parameters: parameters(r),
      ...(r.body
        ? { requestBody: { required: true, content: { 'application/json': { schema: schemaOf(r.body, 'input') } } } }
        : {}),
      responses: {
        [String(r.status)]: isEmpty
          ? { description: 'No content' }
          : {
              description: 'Success',
              ...(r.paged
                ? {
                    headers: {
                      [NEXT_CURSOR_HEADER]: {
                        description: 'The next page: pass it back as ?cursor= (absent on the last page)',
                        schema: { type: 'string' },
                      },
                    },
                  }
                : {}),
              content: {
                [r.contentType?.split(';')[0] ?? 'application/json']: { schema: schemaOf(r.response, 'output') },
              },
            },
        ...errorResponses(r),
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: opts.title ?? 'LuxeSwipe API', version: opts.version ?? '1' },
    paths,
    components: {
      schemas: { ApiError: schemaOf(apiErrorBodySchema, 'output') },
      securitySchemes: {
        sessionCookie: { type: 'apiKey', in: 'cookie', name: 'luxe_session' },
        adminBearer: { type: 'http', scheme: 'bearer' },
      },
    },
  };
}
