import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { buildOpenApiDocument } from '@luxe/contracts';

const DOCS_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>LuxeSwipe API</title>
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css">
</head>
<body>
<main id="swagger-ui"></main>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script>
</body>
</html>`;

const INIT_JS = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#swagger-ui', deepLinking: true });`;

/** `/api/openapi.json` (OpenAPI 3.1, built from the contract) and interactive docs at `/api/docs`. */
export async function serveApiDocs(fastify: FastifyInstance): Promise<void> {
  const doc = JSON.stringify(buildOpenApiDocument());
  fastify.get('/api/openapi.json', (_req, reply) => reply.type('application/json; charset=utf-8').send(doc));
  fastify.get('/api/docs', (_req, reply) => reply.type('text/html; charset=utf-8').send(DOCS_HTML));
  fastify.get('/api/docs/init.js', (_req, reply) => reply.type('text/javascript; charset=utf-8').send(INIT_JS));
  // The folder only: requiring the package itself would load the whole browser bundle into the gateway.
  const root = dirname(createRequire(__filename).resolve('swagger-ui-dist/absolute-path.js'));
  await fastify.register(fastifyStatic, {
    root,
    prefix: '/api/docs/assets/',
    decorateReply: false,
    index: false,
    wildcard: false,
    allowedPath: (p) => /^\/swagger-ui(-bundle\.js|\.css)$/.test(p),
  });
}
