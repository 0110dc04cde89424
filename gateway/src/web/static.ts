import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { AppError, errorBody, sendError } from '@luxe/platform';
import { REQUEST_ERRORS } from '@luxe/contracts';

/** Serves the built web client, with the SPA's index.html for every other GET outside /api and /health. */
export async function serveWebClient(fastify: FastifyInstance, dir: string | undefined): Promise<void> {
  const indexHtml = dir ? join(dir, 'index.html') : '';
  const built = !!dir && existsSync(indexHtml);
  if (built) {
    await fastify.register(fastifyStatic, {
      root: dir!,
      prefix: '/',
      index: false,
      wildcard: false,
      maxAge: '1h',
      setHeaders: (res, path) => {
        if (path.endsWith('.html')) void res.header('Cache-Control', 'no-cache');
      },
    });
  }
  const page = built ? readFileSync(indexHtml) : null;
  fastify.route({
    method: ['GET', 'HEAD'],
    url: '/*',
    handler: (req, reply) => {
      const path = req.url.split('?')[0].toLowerCase();
      if (path === '/api' || path.startsWith('/api/') || path.startsWith('/health')) {
        const { body } = errorBody(AppError.of(REQUEST_ERRORS.NOT_FOUND, { message: `Cannot ${req.method} ${req.url.split('?')[0]}` }));
        return sendError(reply, body);
      }
      if (!page) return reply.code(503).type('text/plain').send('The web client is not built: run `npm run build`.');
      return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(page);
    },
  });
}
