// @ts-check
// Loaded with `node --require` into every process of a bench stack:
//   LUXE_STACK_NODE_ARGS="--require $PWD/infra/scripts/bench/count-queries.cjs" npm run bench -- --bookings-only
// Counts the statements each process sends through node-postgres, by shape (whitespace folded,
// quoted literals and $n placeholders blanked), and every 5 s writes them, most frequent first, to
// `$LUXE_COUNT_QUERIES_DIR/<process>-<pid>.json` (default .data/query-counts): how many round trips
// one request or event costs each service (docs/benchmarks.md). A process without pg counts nothing.
const { mkdirSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');

/** @type {typeof import('pg') | null} */
let pg = null;
try {
  pg = require(require.resolve('pg', { paths: [process.cwd()] }));
} catch {
  // not a process that talks to PostgreSQL
}
if (pg) {
  /** @type {Map<string, number>} */
  const counts = new Map();
  const query = pg.Client.prototype.query;
  /** @this {import('pg').Client} */
  pg.Client.prototype.query = /** @type {any} */ (
    function (/** @type {any} */ config, /** @type {any[]} */ ...rest) {
      const text = typeof config === 'string' ? config : config?.text;
      if (typeof text === 'string') {
        const shape = text
          .replace(/\s+/g, ' ')
          .replace(/'[^']*'/g, "'?'")
          .replace(/\$\d+/g, '$')
          .slice(0, 160);
        counts.set(shape, (counts.get(shape) ?? 0) + 1);
      }
      return /** @type {any} */ (query).call(this, config, ...rest);
    }
  );
  const dir = process.env.LUXE_COUNT_QUERIES_DIR ?? join(process.cwd(), '.data/query-counts');
  const name = (process.argv[1] ?? '').replace(/^.*\/(?:services\/)?([\w-]+)\/dist\/main\.js$/, '$1');
  mkdirSync(dir, { recursive: true });
  setInterval(() => {
    const sorted = Object.fromEntries([...counts].sort((a, b) => b[1] - a[1]));
    writeFileSync(join(dir, `${name}-${process.pid}.json`), JSON.stringify(sorted, null, 1));
  }, 5000).unref();
}
