/**
 * The zod-free part of the `/api` contract: a route's method and path. The web client's first
 * screen (the landing page and the session check) loads only this, so that the schemas, zod and
 * date-fns stay in the chunks of the screens that need them. Route entries themselves are defined
 * once, in the `*.routes.ts` files; `routeRefs` derives this light view from them.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Fills `:name` parameters of a path (values are URI-encoded). */
export function buildPath(path: string, params?: Record<string, string | number> | null): string {
  return path.replace(/:([A-Za-z][A-Za-z0-9]*)/g, (_m, name: string) => {
    const v = params?.[name];
    if (v === undefined || v === null || v === '') throw new Error(`missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(v));
  });
}

interface MethodAndPath {
  readonly method: HttpMethod;
  readonly path: string;
}

/**
 * A route entry reduced to its method and path. `__route` exists only in the type, so that a call
 * through the reference is typed by the full entry (params, body, response).
 */
export type RouteRef<R extends MethodAndPath> = Pick<R, 'method' | 'path'> & { readonly __route?: R };

/** Every group of the contract, each entry reduced to a RouteRef. */
export type RouteRefs<A> = {
  readonly [G in keyof A]: { readonly [K in keyof A[G]]: A[G][K] extends MethodAndPath ? RouteRef<A[G][K]> : never };
};

/** The contract's groups with each entry reduced to `{ method, path }` (plain data, JSON-safe). */
export function routeRefs<A extends Record<string, Record<string, MethodAndPath>>>(api: A): RouteRefs<A> {
  const out: Record<string, Record<string, MethodAndPath>> = {};
  for (const [group, routes] of Object.entries(api)) {
    out[group] = {};
    for (const [name, r] of Object.entries(routes)) out[group][name] = { method: r.method, path: r.path };
  }
  return out as RouteRefs<A>;
}
