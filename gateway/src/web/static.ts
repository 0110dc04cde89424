import { existsSync } from 'node:fs';
import { join } from 'node:path';
import express from 'express';

/** Serves the built web client, with the SPA's index.html for every non-API path. */
export function serveWebClient(app: any, dir: string | undefined): void {
  const indexHtml = dir ? join(dir, 'index.html') : '';
  if (dir && existsSync(indexHtml)) {
    app.use(express.static(dir, { index: false, maxAge: '1h', setHeaders: (res: any, path: string) => path.endsWith('.html') && res.setHeader('Cache-Control', 'no-cache') }));
  }
  app.use((req: any, res: any, next: () => void) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const path = String(req.path).toLowerCase();
    if (path.startsWith('/api/') || path === '/api' || path.startsWith('/health')) return next();
    if (!dir || !existsSync(indexHtml)) return res.status(503).type('text/plain').send('The web client is not built: run `npm run build`.');
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(indexHtml);
  });
}
