import { Controller, Module, Param, Post } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHttpApp } from './app';
import { createLogger } from '../logger';

@Controller()
class ThingController {
  @Post('/things/:id/touch')
  touch(@Param('id') id: string) {
    return { id };
  }
}

@Module({ controllers: [ThingController] })
class ThingModule {}

describe("createHttpApp: the router's own refusals answer in the catalogue's shape", () => {
  let app: NestFastifyApplication;
  beforeAll(async () => {
    app = await createHttpApp(ThingModule, createLogger('app-test', 'silent'));
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
  });
  afterAll(() => app.close());

  const post = (url: string) =>
    app
      .getHttpAdapter()
      .getInstance()
      .inject({ method: 'POST', url, headers: { 'x-correlation-id': 'cid-1' } });

  it('a path parameter within the limit reaches the handler', async () => {
    const res = await post(`/things/${'a'.repeat(100)}/touch`);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ id: 'a'.repeat(100) });
  });

  it("a path parameter over 100 characters is 404 Not found (not Fastify's 414)", async () => {
    const res = await post(`/things/${'a'.repeat(101)}/touch`);
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toMatchObject({ statusCode: 404, code: 'REQUEST.NOT_FOUND', message: 'Not found' });
    expect(res.body).not.toContain('FST_');
  });

  it('a malformed percent-encoding in a path parameter is 400 Bad request', async () => {
    const res = await post('/things/%E0%A4%A/touch');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, code: 'REQUEST.BAD_REQUEST', message: 'Bad request' });
    expect(res.body).not.toContain('FST_');
  });
});
