import { afterEach, describe, expect, it } from '@jest/globals';
import Fastify, { type FastifyInstance } from 'fastify';
import type { DataSource } from 'typeorm';
import { Metrics } from './metrics';

const VENUE_ID = '3f2b6c1e-8a4d-4c7e-9b1a-2d5e6f708192';

describe('Metrics', () => {
  let app: FastifyInstance | null = null;
  afterEach(async () => {
    await app?.close();
    app = null;
  });

  async function appWith(metrics: Metrics): Promise<FastifyInstance> {
    app = Fastify();
    metrics.install(app);
    app.get('/api/venues/:id', async () => ({ ok: true }));
    app.get('/health/live', async () => ({ status: 'ok' }));
    await app.ready();
    return app;
  }

  it('observes a request under its route pattern, never its raw path', async () => {
    const a = await appWith(new Metrics({ service: 'venues', defaultMetrics: false }));
    expect((await a.inject({ method: 'GET', url: `/api/venues/${VENUE_ID}?x=1` })).statusCode).toBe(200);
    const res = await a.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.body).toContain(
      'luxe_http_request_duration_seconds_count{service="venues",method="GET",route="/api/venues/:id",status_code="200"} 1',
    );
    expect(res.body).not.toContain(VENUE_ID);
  });

  it('leaves out health probes, the scrape itself, and labels an unknown path "unmatched"', async () => {
    const a = await appWith(new Metrics({ service: 'gateway', defaultMetrics: false }));
    await a.inject({ method: 'GET', url: '/health/live' });
    await a.inject({ method: 'GET', url: '/metrics' });
    await a.inject({ method: 'GET', url: `/nowhere/${VENUE_ID}` });
    const body = (await a.inject({ method: 'GET', url: '/metrics' })).body;
    expect(body).not.toContain('route="/health/live"');
    expect(body).not.toContain('route="/metrics"');
    expect(body).toContain('route="unmatched",status_code="404"');
    expect(body).not.toContain(VENUE_ID);
  });

  it('keeps one registry per app, so two apps in one process (embedded) do not collide', async () => {
    const a = new Metrics({ service: 'identity' });
    const b = new Metrics({ service: 'venues' });
    a.handled('identity.users', 'identity.user-registered', 'applied');
    const [ta, tb] = [await a.registry.metrics(), await b.registry.metrics()];
    expect(ta).toContain('process_cpu_user_seconds_total{service="identity"}');
    expect(tb).toContain('process_cpu_user_seconds_total{service="venues"}');
    expect(ta).toContain(
      'luxe_events_handled_total{consumer_group="identity.users",type="identity.user-registered",outcome="applied",service="identity"} 1',
    );
    expect(tb).not.toContain('luxe_events_handled_total{');
  });

  it('counts failures and dead letters per event type, an unknown type as "unknown"', async () => {
    const m = new Metrics({ service: 'social', defaultMetrics: false });
    m.failed('social.cards', 'identity.user-registered', true);
    m.failed('social.cards', 'identity.user-registered', false);
    m.deadLettered('social.cards', 'identity.user-registered');
    m.deadLettered('social.events', 'made.up-type');
    const text = await m.registry.metrics();
    expect(text).toContain(
      'luxe_events_failed_total{consumer_group="social.cards",type="identity.user-registered",transient="true",service="social"} 1',
    );
    expect(text).toContain(
      'luxe_events_failed_total{consumer_group="social.cards",type="identity.user-registered",transient="false",service="social"} 1',
    );
    expect(text).toContain(
      'luxe_events_dead_lettered_total{consumer_group="social.cards",type="identity.user-registered",service="social"} 1',
    );
    expect(text).toContain(
      'luxe_events_dead_lettered_total{consumer_group="social.events",type="unknown",service="social"} 1',
    );
  });

  it('reads the outbox gauges from the database once per scrape, NaN when it does not answer', async () => {
    const m = new Metrics({ service: 'identity', defaultMetrics: false });
    let queries = 0;
    let down = false;
    const ds = {
      query: async () => {
        queries++;
        if (down) throw new Error('connection refused');
        return [{ backlog: '3', oldest: '12.5', parked: '1' }];
      },
    } as unknown as DataSource;
    m.addOutboxGauges(ds);
    const text = await m.registry.metrics();
    expect(queries).toBe(1);
    expect(text).toContain('luxe_outbox_backlog{service="identity"} 3');
    expect(text).toContain('luxe_outbox_oldest_unpublished_age_seconds{service="identity"} 12.5');
    expect(text).toContain('luxe_outbox_parked{service="identity"} 1');
    await new Promise((r) => setTimeout(r, 5));
    down = true;
    const after = await m.registry.metrics();
    expect(queries).toBe(2);
    // prom-client writes "Nan"; Prometheus parses NaN in any case.
    expect(after).toMatch(/luxe_outbox_backlog\{service="identity"\} nan$/im);
  });

  it("reports a consumer group's lag per topic, NaN when the broker does not answer", async () => {
    const m = new Metrics({ service: 'messaging', defaultMetrics: false });
    let fail = false;
    m.addConsumerLag('messaging.events', ['identity.user', 'social.match'], async () => {
      if (fail) throw new Error('broker down');
      return [{ topic: 'identity.user', lag: 4 }];
    });
    const text = await m.registry.metrics();
    expect(text).toContain(
      'luxe_consumer_lag{consumer_group="messaging.events",topic="identity.user",service="messaging"} 4',
    );
    expect(text).toContain(
      'luxe_consumer_lag{consumer_group="messaging.events",topic="social.match",service="messaging"} 0',
    );
    fail = true;
    expect(await m.registry.metrics()).toMatch(
      /luxe_consumer_lag\{consumer_group="messaging.events",topic="identity.user",service="messaging"\} nan$/im,
    );
  });
});
