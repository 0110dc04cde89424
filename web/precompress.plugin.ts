import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;

/** Every compressible file under `dir`, recursively (skipping source maps). */
function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? files(p) : COMPRESSIBLE.test(name) ? [p] : [];
  });
}

/**
 * Writes `.br` and `.gz` next to each text asset of the build, once, at build time: the gateway serves
 * them to browsers that accept them (@fastify/static `preCompressed`), so no CPU is spent compressing
 * per request and the landing page's JavaScript travels at its compressed size.
 */
export function precompressPlugin(minBytes = 1024): Plugin {
  let outDir = 'dist';
  return {
    name: 'luxe-precompress',
    // The client build only, not the prerender's server build (web/prerender.plugin.ts).
    apply: (config, env) => env.command === 'build' && !config.build?.ssr,
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of files(outDir)) {
        const body = readFileSync(file);
        if (body.length < minBytes) continue;
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(body, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
          }),
        );
      }
    },
  };
}
