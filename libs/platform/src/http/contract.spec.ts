import 'reflect-metadata';
import { Controller, Get, Module, type ExecutionContext } from '@nestjs/common';
import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { defineRoute, type RouteInput } from '@luxe/contracts';
import { AppError } from '../errors';
import { ContractGuard, contractProblems, Input, Route } from './contract';

const getThing = defineRoute({
  id: 'things.get',
  method: 'GET',
  path: '/api/things/:id',
  service: 'venues',
  access: 'member',
  summary: 's',
  params: z.object({ id: z.string().regex(/^\d+$/, 'Thing id must be a number') }),
  query: z.object({ full: z.enum(['yes', 'no']).default('no') }),
  response: z.object({ id: z.string(), name: z.string() }),
});
const makeThing = defineRoute({
  id: 'things.make',
  method: 'POST',
  path: '/api/things',
  service: 'venues',
  access: 'member',
  summary: 's',
  status: 201,
  body: z.object({ name: z.string().trim().min(1, 'Name is required') }),
  response: z.object({ id: z.string(), name: z.string() }),
});
const deleteThing = defineRoute({
  id: 'things.delete',
  method: 'DELETE',
  path: '/api/things/:id',
  service: 'venues',
  access: 'member',
  summary: 's',
  params: z.object({ id: z.string() }),
  status: 204,
  response: z.null(),
});

@Controller()
class ThingsController {
  @Route(getThing)
  get(@Input() input: RouteInput<typeof getThing>) {
    return { id: input.params.id, name: `thing ${input.query.full}` };
  }
  @Route(makeThing)
  make(@Input() input: RouteInput<typeof makeThing>) {
    return { id: '1', name: input.body.name };
  }
}

@Controller('extra')
class UnboundController {
  @Get('loose')
  loose() {
    return 1;
  }
}

@Module({ controllers: [ThingsController] })
class ThingsModule {}
@Module({ imports: [ThingsModule], controllers: [UnboundController] })
class LooseModule {}

function ctxFor(handler: (...a: any[]) => unknown, req: Record<string, unknown>) {
  return {
    getType: () => 'http',
    getHandler: () => handler,
    switchToHttp: () => ({ getRequest: () => req }),
  } as unknown as ExecutionContext;
}

describe('@Route and the ContractGuard', () => {
  const guard = new ContractGuard();

  it('parses params, query and body before the handler, applying defaults and transforms', () => {
    const req: any = { params: { id: '42' }, query: {} };
    expect(guard.canActivate(ctxFor(ThingsController.prototype.get, req))).toBe(true);
    expect(req.contractInput).toEqual({ params: { id: '42' }, query: { full: 'no' }, body: undefined });
    const post: any = { params: {}, query: {}, body: { name: '  Yacht ', extra: 'dropped' } };
    guard.canActivate(ctxFor(ThingsController.prototype.make, post));
    expect(post.contractInput.body).toEqual({ name: 'Yacht' });
  });

  it('refuses bad input with a 400 carrying the schema message', () => {
    const req: any = { params: { id: 'abc' }, query: {} };
    let err: unknown;
    try {
      guard.canActivate(ctxFor(ThingsController.prototype.get, req));
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({
      status: 400,
      code: 'REQUEST.VALIDATION_FAILED',
      message: 'Thing id must be a number',
      errors: [{ path: 'id', message: 'Thing id must be a number' }],
    });
    expect(req.contractInput).toBeUndefined();
  });

  it('lets a handler without a contract entry (health) through untouched', () => {
    const req: any = { params: {}, query: {} };
    expect(guard.canActivate(ctxFor(UnboundController.prototype.loose, req))).toBe(true);
    expect(req.contractInput).toBeUndefined();
  });

  it('shapes the answer by the response schema (fields the contract does not name are dropped)', async () => {
    const c = new ThingsController();
    const out = await (c.get as any).call({ get: () => 0 }, { params: { id: '1' }, query: { full: 'yes' } });
    expect(out).toEqual({ id: '1', name: 'thing yes' });
    class Leaky {
      @Route(getThing)
      get() {
        return { id: '1', name: 'n', passwordHash: 'secret' } as any;
      }
    }
    expect(await new Leaky().get()).toEqual({ id: '1', name: 'n' });
  });

  it('fails loudly when a handler answers something its contract does not allow', async () => {
    class Wrong {
      @Route(getThing)
      get() {
        return { id: 1 } as any;
      }
    }
    await expect(new Wrong().get()).rejects.toThrow();
  });

  it('binds the method and path of the entry', () => {
    expect(Reflect.getMetadata('path', ThingsController.prototype.get)).toBe('/api/things/:id');
    expect(Reflect.getMetadata('__httpCode__', ThingsController.prototype.make)).toBe(201);
    expect(ThingsController.prototype.get.name).toBe('get');
  });

  it('sends a text answer with the content type of its entry (JSON ones keep the default)', () => {
    const text = defineRoute({
      id: 'things.text',
      method: 'GET',
      path: '/api/things.txt',
      service: 'venues',
      access: 'member',
      summary: 's',
      response: z.string(),
      contentType: 'text/plain; charset=utf-8',
    });
    class TextController {
      @Route(text)
      get() {
        return 'hello';
      }
    }
    expect(Reflect.getMetadata('__headers__', TextController.prototype.get)).toEqual([
      { name: 'content-type', value: 'text/plain; charset=utf-8' },
    ]);
    expect(Reflect.getMetadata('__headers__', ThingsController.prototype.get)).toBeUndefined();
  });
});

describe('contractProblems', () => {
  it('is empty when handlers and entries agree', () => {
    expect(contractProblems('venues', ThingsModule, [getThing, makeThing])).toEqual([]);
  });
  it('names a handler without an entry, and an entry without a handler', () => {
    const problems = contractProblems('venues', LooseModule, [getThing, makeThing, deleteThing]);
    expect(problems).toEqual([
      'venues: UnboundController.loose (GET /extra/loose) has no contract entry (@Route)',
      'venues: contract entry things.delete (DELETE /api/things/:id) has no handler',
    ]);
  });
  it("names a handler bound to another service's entry", () => {
    expect(contractProblems('identity', ThingsModule, [])).toEqual([
      'identity: ThingsController.get binds things.get, which belongs to venues',
      'identity: ThingsController.make binds things.make, which belongs to venues',
    ]);
  });
});
