import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { AppError, errorBody, sendError } from '@luxe/platform';
import { REQUEST_ERRORS } from '@luxe/contracts';

/**
 * Serves the built web client, with the SPA's index.html for every other GET outside /api and /health.
 * Text assets are sent as the `.br`/`.gz` files the web build writes beside them (web/precompress.plugin.ts)
 * when the browser accepts them; hashed files under /assets/ are cached for a year (their name
 * changes with their content), index.html is revalidated every time.
 */
export async function serveWebClient(fastify: FastifyInstance, dir: string | undefined): Promise<void> {
  const indexHtml = dir ? join(dir, 'index.html') : '';
  const built = !!dir && existsSync(indexHtml);
  if (built) {
    await fastify.register(fastifyStatic, {
      root: dir!,
      prefix: '/',
      index: false,
      wildcard: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, path) => {
        void reply.header('Cache-Control', path.endsWith('.html') ? 'no-cache' : /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
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
