import { describe, expect, it } from '@jest/globals';
import { ApiClient, validRegistration, waitFor } from './support/client';
import { inject } from './support/provided';

// Every process serves Prometheus metrics on GET /metrics (an operator endpoint, outside /api):
// a service on its own (internal) port, the gateway on an internal listener of its own
// (METRICS_PORT), never on its public port. Request durations by route pattern on the gateway and
// the services, the outbox gauges and the consumer counters on each service.
const base = inject('gatewayUrl');
const gatewayMetrics = inject('gatewayMetricsUrl');
const services = inject('serviceUrls');
const SOME_ID = '7c0e2a55-1b3d-4f6e-9a8b-0c1d2e3f4a5b';

async function scrape(url: string): Promise<{ status: number; contentType: string | null; text: string }> {
  const res = await fetch(`${url}/metrics`);
  return { status: res.status, contentType: res.headers.get('content-type'), text: await res.text() };
}

describe('GET /metrics', () => {
  it('the gateway counts requests under their route pattern, never the raw URL', async () => {
    const api = new ApiClient(base);
    expect((await api.call('GET', `/api/venues/${SOME_ID}`)).status).toBe(404);
    expect((await api.call('GET', `/api/venues/${SOME_ID}`)).status).toBe(404);
    const m = await scrape(gatewayMetrics);
    expect(m.status).toBe(200);
    expect(m.contentType).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(m.text).toMatch(
      /luxe_http_request_duration_seconds_count\{service="gateway",method="GET",route="\/api\/venues\/:id",status_code="404"\} [1-9]/,
    );
    expect(m.text).not.toContain(SOME_ID);
    expect(m.text).not.toContain('route="/metrics"');
    // The process's own metrics, labelled with its name.
    expect(m.text).toContain('process_resident_memory_bytes{service="gateway"}');
  });

  it('is not an /api route', async () => {
    expect((await new ApiClient(base).call('GET', '/api/metrics')).status).toBe(404);
  });

  // Issue 30: the gateway's public port (what the Ingress, or the world in the local and embedded
  // modes, reaches) answered /metrics.
  it("is not on the gateway's public port, and its listener serves nothing else", async () => {
    for (const path of ['/metrics', '/Metrics', '/metrics?x=1', '/%6Detrics']) {
      const res = await fetch(`${base}${path}`);
      const text = await res.text();
      if (!path.includes('%')) expect([path, res.status]).toEqual([path, 404]);
      expect(text).not.toContain('luxe_http_request_duration_seconds');
      expect(text).not.toContain('process_resident_memory_bytes');
    }
    for (const path of ['/', '/api/auth/me', '/health/ready'])
      expect([path, (await fetch(`${gatewayMetrics}${path}`)).status]).toEqual([path, 404]);
    expect((await fetch(`${gatewayMetrics}/metrics`, { method: 'POST' })).status).toBe(404);
  });

  it('a service reports its outbox, and its consumers count the events of a registration', async () => {
    const api = new ApiClient(base);
    expect((await api.call('POST', '/api/auth/register', validRegistration())).status).toBe(201);

    const identity = await scrape(services.identity);
    expect(identity.status).toBe(200);
    expect(identity.text).toMatch(/luxe_outbox_backlog\{service="identity"\} \d+/);
    expect(identity.text).toMatch(/luxe_outbox_oldest_unpublished_age_seconds\{service="identity"\} [\d.e+-]+/);
    expect(identity.text).toMatch(/luxe_outbox_parked\{service="identity"\} \d+/);
    expect(identity.text).toContain('# TYPE luxe_events_handled_total counter');
    expect(identity.text).toContain('# TYPE luxe_events_dead_lettered_total counter');
    // The call the gateway made to identity, under identity's own route pattern.
    expect(identity.text).toMatch(
      /luxe_http_request_duration_seconds_count\{service="identity",method="POST",route="[^"]*register[^"]*",status_code="201"\} [1-9]/,
    );

    // The registration reaches messaging's user cards through Kafka.
    const handled =
      /luxe_events_handled_total\{consumer_group="messaging\.[^"]+",type="identity\.user-registered",outcome="applied",service="messaging"\} [1-9]/;
    await waitFor(
      'messaging to count the registration',
      async () => handled.test((await scrape(services.messaging)).text),
      30_000,
      200,
    );
    // Its consumer group's lag on the identity stream, asked of Kafka at the scrape.
    await waitFor(
      'messaging to have read the identity stream',
      async () =>
        /luxe_consumer_lag\{consumer_group="[^"]*messaging\.events",topic="[^"]*identity\.user\.v\d+",service="messaging"\} 0$/m.test(
          (await scrape(services.messaging)).text,
        ),
      30_000,
      200,
    );
  });
});
