import { describe, expect, it } from '@jest/globals';
import { Histogram, Registry } from 'prom-client';
import { HttpDurations } from './http-durations';

const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1];

/** The exposition of one registry holding only the given metric, with a default label as in Metrics. */
async function exposition(add: (r: Registry) => (method: string, route: string, status: number, s: number) => void) {
  const registry = new Registry();
  registry.setDefaultLabels({ service: 'gateway' });
  const observe = add(registry);
  // Below, between and on the bounds, above every one; two series, one of them twice.
  for (const s of [0.001, 0.005, 0.02, 0.07, 3]) observe('GET', '/api/venues/:id', 200, s);
  observe('POST', '/api/bookings', 409, 0.03);
  observe('GET', '/api/venues/:id', 200, 0.0125);
  return registry.metrics();
}

describe('HttpDurations', () => {
  it("exposes exactly what prom-client's Histogram would for the same observations", async () => {
    const ours = await exposition((registry) => {
      const h = new HttpDurations('luxe_http_request_duration_seconds', 'help text', BUCKETS, registry, {
        service: 'gateway',
      });
      return (m, r, st, s) => h.observe(m, r, st, s);
    });
    const theirs = await exposition((registry) => {
      const h = new Histogram({
        name: 'luxe_http_request_duration_seconds',
        help: 'help text',
        labelNames: ['method', 'route', 'status_code'],
        buckets: BUCKETS,
        registers: [registry],
      });
      return (m, r, st, s) => h.observe({ method: m, route: r, status_code: String(st) }, s);
    });
    expect(theirs).toContain(
      'luxe_http_request_duration_seconds_bucket{le="0.025",service="gateway",method="GET",route="/api/venues/:id",status_code="200"} 4',
    );
    expect(ours).toBe(theirs);
  });
});
