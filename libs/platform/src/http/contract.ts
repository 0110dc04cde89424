import {
  applyDecorators,
  CallHandler,
  createParamDecorator,
  ExecutionContext,
  HttpCode,
  Injectable,
  NestInterceptor,
  RequestMapping,
  RequestMethod,
  type Type,
} from '@nestjs/common';
import { MODULE_METADATA, PATH_METADATA, METHOD_METADATA } from '@nestjs/common/constants';
import { map, type Observable } from 'rxjs';
import type { RouteDef, RouteInput, ServiceResponse } from '@luxe/contracts';
import { parseOrThrow } from '../errors';

export const ROUTE_DEF = 'luxe:route-def';

const METHODS: Record<RouteDef['method'], RequestMethod> = {
  GET: RequestMethod.GET,
  POST: RequestMethod.POST,
  PUT: RequestMethod.PUT,
  PATCH: RequestMethod.PATCH,
  DELETE: RequestMethod.DELETE,
};

type Handler<R extends RouteDef> = (input: RouteInput<R>, ...rest: any[]) => Promise<ServiceResponse<R> | void> | ServiceResponse<R> | void;

/**
 * Binds a service controller method to its `/api` contract entry: the same method and path,
 * the entry's success status, and validation of params, query and body by the entry's schemas
 * before the method runs (it receives them parsed with `@Input()`). The answer is checked
 * against the entry's response schema, which also drops fields the contract does not name.
 * The method's return type must match the entry's response type.
 */
export function Route<R extends RouteDef>(route: R) {
  return applyDecorators(
    RequestMapping({ path: route.path, method: METHODS[route.method] }),
    HttpCode(route.status),
    ((_target: object, _key: string | symbol, descriptor: TypedPropertyDescriptor<Handler<R>>) => {
      Reflect.defineMetadata(ROUTE_DEF, route, descriptor.value!);
      return descriptor;
    }) as MethodDecorator,
  ) as <M extends Handler<R>>(target: object, key: string | symbol, descriptor: TypedPropertyDescriptor<M>) => void;
}

/** The parsed params, query and body of the route (`@Input() input: RouteInput<typeof api.x.y>`). */
export const Input = createParamDecorator((_data: unknown, ctx: ExecutionContext) => ctx.switchToHttp().getRequest().contractInput);

/**
 * Global in every service: a handler without a contract entry is refused (it cannot be reached
 * by mistake), input is validated before the handler, output is shaped by the response schema.
 */
@Injectable()
export class ContractInterceptor implements NestInterceptor {
  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (ctx.getType() !== 'http') return next.handle();
    const route: RouteDef | undefined = Reflect.getMetadata(ROUTE_DEF, ctx.getHandler());
    if (!route) return next.handle(); // health probes and framework routes
    const req = ctx.switchToHttp().getRequest();
    req.contractInput = {
      params: route.params ? parseOrThrow(route.params, req.params ?? {}) : undefined,
      query: route.query ? parseOrThrow(route.query, req.query ?? {}) : undefined,
      body: route.body ? parseOrThrow(route.body, req.body ?? {}) : undefined,
    };
    return next.handle().pipe(map((out) => (route.status === 204 || out === undefined ? undefined : route.serviceResponse.parse(out))));
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
      const path = `/${[base, String(Reflect.getMetadata(PATH_METADATA, fn))].join('/')}`.replace(/\/+/g, '/').replace(/(.)\/$/, '$1');
      out.push({ controller: c.name, handler: name, method: RequestMethod[m], path, route: Reflect.getMetadata(ROUTE_DEF, fn) });
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
    if (!b.route) problems.push(`${service}: ${b.controller}.${b.handler} (${b.method} ${b.path}) has no contract entry (@Route)`);
    else if (b.route.service !== service) problems.push(`${service}: ${b.controller}.${b.handler} binds ${b.route.id}, which belongs to ${b.route.service}`);
  }
  for (const e of entries.filter((r) => r.service === service)) {
    const n = bound.filter((b) => b.route === e).length;
    if (n === 0) problems.push(`${service}: contract entry ${e.id} (${e.method} ${e.path}) has no handler`);
    if (n > 1) problems.push(`${service}: contract entry ${e.id} has ${n} handlers`);
  }
  return problems;
}
