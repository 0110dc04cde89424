import 'reflect-metadata';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import cookieParser from 'cookie-parser';
import helmet from 'helmet';
import type Redis from 'ioredis';
import { applyHttpPlatform, InternalAuth, InternalHttpClient, isMemoryRedis, Logger, REDIS, SessionStore } from '@luxe/platform';
import { actorMiddleware } from './auth/actor.middleware';
import { AuthController, COOKIE_OPTIONS, CookieOptions } from './auth/auth.controller';
import { AuthRateLimiter, RateLimits } from './auth/rate-limit';
import { GatewayHealthController, SERVICE_URLS } from './health/health.controller';
import { csrfGuard } from './web/security';
import { serveWebClient } from './web/static';

export interface GatewayOptions {
  host: string;
  port: number;
  redis: Redis;
  logger: Logger;
  internalAuthSecret: string;
  serviceUrls: Record<string, string>;
  serviceTimeoutMs?: number;
  webDistDir?: string;
  cookieName?: string;
  cookieSecure?: boolean;
  trustProxy?: boolean;
  rateLimits?: Partial<RateLimits>;
}

export interface RunningGateway {
  app: NestExpressApplication;
  url: string;
  close(): Promise<void>;
}

export async function startGateway(o: GatewayOptions): Promise<RunningGateway> {
  const sessions = new SessionStore(o.redis);
  const cookie: CookieOptions = { name: o.cookieName ?? 'luxe_session', secure: o.cookieSecure ?? false, maxAgeMs: sessions.ttlSeconds * 1000 };
  const limits: RateLimits = { registerPerIp: 10, loginPerIp: 30, loginFailuresPerAccount: 5, windowSeconds: 900, ...o.rateLimits };

  @Module({
    controllers: [AuthController, GatewayHealthController],
    providers: [
      { provide: InternalHttpClient, useValue: new InternalHttpClient(o.serviceUrls, new InternalAuth(o.internalAuthSecret), o.serviceTimeoutMs ?? 5000) },
      { provide: AuthRateLimiter, useValue: new AuthRateLimiter(isMemoryRedis(o.redis) ? null : o.redis, limits) },
      { provide: COOKIE_OPTIONS, useValue: cookie },
      { provide: REDIS, useValue: o.redis },
      { provide: SERVICE_URLS, useValue: o.serviceUrls },
    ],
  })
  class GatewayModule {}

  const app = await NestFactory.create<NestExpressApplication>(GatewayModule, { logger: false, bodyParser: false, abortOnError: false });
  if (o.trustProxy) app.set('trust proxy', 1);
  applyHttpPlatform(app, o.logger);
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          'img-src': ["'self'", 'data:', 'blob:', 'https:', 'http://127.0.0.1:*', 'http://localhost:*'],
          'connect-src': ["'self'", 'http://127.0.0.1:*', 'http://localhost:*'],
        },
      },
    }),
  );
  app.use(cookieParser());
  app.use(csrfGuard());
  app.use(actorMiddleware(sessions, cookie.name));
  serveWebClient(app, o.webDistDir);
  app.enableShutdownHooks();
  await app.listen(o.port, o.host);
  const addr = app.getHttpServer().address();
  const url = `http://${o.host === '0.0.0.0' ? '127.0.0.1' : o.host}:${typeof addr === 'object' && addr ? addr.port : o.port}`;
  return { app, url, close: () => app.close() };
}
