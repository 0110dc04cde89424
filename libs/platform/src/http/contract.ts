import {
  applyDecorators,
  CanActivate,
  createParamDecorator,
  ExecutionContext,
  Header,
  HttpCode,
  Injectable,
  RequestMapping,
  RequestMethod,
  type Type,
} from '@nestjs/common';
import { MODULE_METADATA, PATH_METADATA, METHOD_METADATA } from '@nestjs/common/constants';
import { NEXT_CURSOR_HEADER, type Page, type RouteDef, type RouteInput, type ServiceResponse } from '@luxe/contracts';
import { parseOrThrow } from '../errors';

export const ROUTE_DEF = 'luxe:route-def';

const METHODS: Record<RouteDef['method'], RequestMethod> = {
  GET: RequestMethod.GET,
  POST: RequestMethod.POST,
  PUT: RequestMethod.PUT,
  PATCH: RequestMethod.PATCH,
  DELETE: RequestMethod.DELETE,
};

type Handler<R extends RouteDef> = (
  input: RouteInput<R>,
  ...rest: any[]
) => Promise<ServiceResponse<R> | void> | ServiceResponse<R> | void;

/**
 * Binds a service controller method to its `/api` contract entry: the same method and path,
 * the entry's success status, and validation of params, query and body by the entry's schemas
 * before the method runs (it receives them parsed with `@Input()`). The answer is checked
 * against the entry's response schema, which also drops fields the contract does not name.
 * The method's return type must match the entry's response type.
 */
export function Route<R extends RouteDef>(route: R) {
  return applyDecorators(
    // First: the method is wrapped so its answer is shaped by the contract (a plain function call,
    // cheaper than a Nest interceptor); Nest's own decorators below then mark the wrapper.
    ((_target: object, _key: string | symbol, descriptor: TypedPropertyDescriptor<Handler<R>>) => {
      const original = descriptor.value!;
      const wrapped = async function (this: unknown, ...args: unknown[]) {
        const out = await (original as (...a: unknown[]) => unknown).apply(this, args);
        return route.status === 204 || out === undefined ? undefined : route.serviceResponse.parse(out);
      };
      Object.defineProperty(wrapped, 'name', { value: original.name });
      Reflect.defineMetadata(ROUTE_DEF, route, wrapped);
      descriptor.value = wrapped as unknown as Handler<R>;
      return descriptor;
    }) as MethodDecorator,
    RequestMapping({ path: route.path, method: METHODS[route.method] }),
    HttpCode(route.status),
    // A text answer (a calendar file) goes out as is, with its own media type.
    ...(route.contentType ? [Header('content-type', route.contentType)] : []),
  ) as <M extends Handler<R>>(target: object, key: string | symbol, descriptor: TypedPropertyDescriptor<M>) => void;
}

/** What `@Res({ passthrough: true })` gives a handler, as far as it sets headers (the services run on Fastify). */
export interface HeaderReply {
  header(name: string, value: string): unknown;
}

/**
 * A keyset-paged list's answer: the page's items as the body (the array the contract describes),
 * the next page's cursor in X-Next-Cursor, which the gateway passes on (none on the last page).
 * The handler takes the reply with `@Res({ passthrough: true })`.
 */
export function pageAnswer<T>(reply: HeaderReply, page: Page<T>): T[] {
  if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
  return page.items;
}

/** The parsed params, query and body of the route (`@Input() input: RouteInput<typeof api.x.y>`). */
export const Input = createParamDecorator(
  (_data: unknown, ctx: ExecutionContext) => ctx.switchToHttp().getRequest().contractInput,
);

/**
 * Global in every service, after the internal-auth guard: the input of a contract-bound handler
 * is validated before the handler runs, whether or not the handler reads it (a guard, not an
 * interceptor: Nest wraps every interceptor in an async resource per request).
 */
@Injectable()
export class ContractGuard implements CanActivate {
  canActivate(ctx: ExecutionContext): boolean {
    if (ctx.getType() !== 'http') return true;
    const route: RouteDef | undefined = Reflect.getMetadata(ROUTE_DEF, ctx.getHandler());
    if (!route) return true; // health probes
    const req = ctx.switchToHttp().getRequest();
    req.contractInput = {
      params: route.params ? parseOrThrow(route.params, req.params ?? {}) : undefined,
      query: route.query ? parseOrThrow(route.query, req.query ?? {}) : undefined,
      body: route.serviceBody ? parseOrThrow(route.serviceBody, req.body ?? {}) : undefined,
    };
    return true;
  }
}

export interface BoundRoute {
  controller: string;
  handler: string;
  method: string;
  path: string;
  route: RouteDef | undefined;
}

/** Every HTTP handler of a module tree with its contract entry (coverage tests and start-up checks). */
export function boundRoutes(module: Type<unknown>, seen = new Set<unknown>()): BoundRoute[] {
  if (seen.has(module)) return [];
  seen.add(module);
  const out: BoundRoute[] = [];
  const controllers: Type<unknown>[] = Reflect.getMetadata(MODULE_METADATA.CONTROLLERS, module) ?? [];
  for (const c of controllers) {
    const base = String(Reflect.getMetadata(PATH_METADATA, c) ?? '/');
    for (const name of Object.getOwnPropertyNames(c.prototype)) {
      if (name === 'constructor') continue;
      const fn = c.prototype[name];
      if (typeof fn !== 'function' || Reflect.getMetadata(PATH_METADATA, fn) === undefined) continue;
      const m = Reflect.getMetadata(METHOD_METADATA, fn) as RequestMethod;
      const path = `/${[base, String(Reflect.getMetadata(PATH_METADATA, fn))].join('/')}`
        .replace(/\/+/g, '/')
        .replace(/(.)\/$/, '$1');
      out.push({
        controller: c.name,
        handler: name,
        method: RequestMethod[m],
        path,
        route: Reflect.getMetadata(ROUTE_DEF, fn),
      });
    }
  }
  const imports: unknown[] = Reflect.getMetadata(MODULE_METADATA.IMPORTS, module) ?? [];
  for (const i of imports) if (typeof i === 'function') out.push(...boundRoutes(i as Type<unknown>, seen));
  return out;
}

/**
 * Compares a service's handlers with the contract: every handler (but health) has an entry, every
 * entry of the service has exactly one handler. Returns the problems (empty when they agree).
 */
export function contractProblems(service: string, module: Type<unknown>, entries: readonly RouteDef[]): string[] {
  const problems: string[] = [];
  const bound = boundRoutes(module).filter((b) => !b.path.startsWith('/health'));
  for (const b of bound) {
    if (!b.route)
      problems.push(`${service}: ${b.controller}.${b.handler} (${b.method} ${b.path}) has no contract entry (@Route)`);
    else if (b.route.service !== service)
      problems.push(
        `${service}: ${b.controller}.${b.handler} binds ${b.route.id}, which belongs to ${b.route.service}`,
      );
  }
  for (const e of entries.filter((r) => r.service === service && !r.websocket)) {
    const n = bound.filter((b) => b.route === e).length;
    if (n === 0) problems.push(`${service}: contract entry ${e.id} (${e.method} ${e.path}) has no handler`);
    if (n > 1) problems.push(`${service}: contract entry ${e.id} has ${n} handlers`);
  }
  return problems;
}
