import { createServer } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
import type { DataSource } from 'typeorm';
import { isEventType } from '@luxe/contracts';
import type { ConsumerMetrics } from './transport/consumer';
import type { InboxOutcome } from './inbox';
import type { TopicLag } from './transport/transport';
import { HttpDurations } from './http-durations';

/** The operator endpoint every process serves its metrics on (not part of /api). */
export const METRICS_PATH = '/metrics';

/** Paths no request metric is recorded for (probes and the scrape itself). */
const UNMEASURED = /^\/(health|metrics)(\/|\?|$)/;

/** Seconds: from a fast cached read to a slow internal call chain. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export interface MetricsOptions {
  /** The `service` label of every series (gateway, identity, ...). */
  service: string;
  /** Node process metrics (heap, event loop lag, GC, CPU); default true. */
  defaultMetrics?: boolean;
}

/**
 * The HTTP duration histogram (kept by HttpDurations rather than prom-client's Histogram), written
 * as `name:` so the chart's checks find it among the metrics the code registers
 * (infra/helm/test/assert-chart.mjs reads every `name: '…'`).
 */
const HTTP_DURATION = {
  name: 'luxe_http_request_duration_seconds',
  help: 'HTTP requests by method, route pattern and status code (health probes and /metrics left out)',
} as const;

/**
 * The Prometheus metrics of one process's app, in a registry of its own: the embedded launcher
 * runs every service and the gateway in one Node process, and a registry per app (each with its
 * `service` label) keeps their series apart and free of duplicate registrations.
 */
export class Metrics implements ConsumerMetrics {
  readonly registry = new Registry();
  readonly service: string;
  private readonly httpDuration: HttpDurations;
  private readonly eventsHandled: Counter<'consumer_group' | 'type' | 'outcome'>;
  private readonly eventsFailed: Counter<'consumer_group' | 'type' | 'transient'>;
  private readonly eventsDeadLettered: Counter<'consumer_group' | 'type'>;

  constructor(opts: MetricsOptions) {
    this.service = opts.service;
    this.registry.setDefaultLabels({ service: opts.service });
    if (opts.defaultMetrics !== false) collectDefaultMetrics({ register: this.registry });
    this.httpDuration = new HttpDurations(HTTP_DURATION.name, HTTP_DURATION.help, HTTP_BUCKETS, this.registry, {
      service: opts.service,
    });
    this.eventsHandled = new Counter({
      name: 'luxe_events_handled_total',
      help: 'Events a consumer dealt with, by outcome (applied, duplicate, stale, ended)',
      labelNames: ['consumer_group', 'type', 'outcome'],
      registers: [this.registry],
    });
    this.eventsFailed = new Counter({
      name: 'luxe_events_failed_total',
      help: 'Failed attempts of an event handler (each one retried or dead-lettered); transient="true" for infrastructure failures',
      labelNames: ['consumer_group', 'type', 'transient'],
      registers: [this.registry],
    });
    this.eventsDeadLettered = new Counter({
      name: 'luxe_events_dead_lettered_total',
      help: 'Events sent to the dead letters (the .dlt topic, or dead_letter_events in embedded mode)',
      labelNames: ['consumer_group', 'type'],
      registers: [this.registry],
    });
  }

  /** Records one HTTP request: `route` is the route's pattern (`/api/venues/:id`), never the URL. */
  observeHttp(method: string, route: string, statusCode: number, seconds: number): void {
    this.httpDuration.observe(method, route, statusCode, seconds);
  }

  handled(group: string, type: string, outcome: InboxOutcome): void {
    this.eventsHandled.inc({ consumer_group: group, type: typeLabel(type), outcome });
  }

  failed(group: string, type: string, transient: boolean): void {
    this.eventsFailed.inc({ consumer_group: group, type: typeLabel(type), transient: String(transient) });
  }

  deadLettered(group: string, type: string): void {
    this.eventsDeadLettered.inc({ consumer_group: group, type: typeLabel(type) });
  }

  /**
   * Gauges of the service's outbox, read from its database at each scrape (one query for the
   * three): rows waiting to be published, the age of the oldest of them, rows parked after too
   * many failed attempts. Parked rows are left out of the first two (they have their own gauge and
   * would otherwise make the age grow until a person acts).
   */
  addOutboxGauges(ds: DataSource): void {
    let pending: Promise<OutboxSample | null> | null = null;
    // The registry collects every metric at once: the first gauge queries, the others share it.
    const sample = () =>
      (pending ??= readOutbox(ds)
        .catch(() => null)
        .finally(() => setTimeout(() => (pending = null), 0)));
    const gauge = (name: string, help: string, pick: (s: OutboxSample) => number) =>
      new Gauge({
        name,
        help,
        registers: [this.registry],
        async collect() {
          const s = await sample();
          // The database did not answer: NaN (unknown) rather than a stale value or a false 0.
          this.set(s ? pick(s) : NaN);
        },
      });
    gauge('luxe_outbox_backlog', 'Outbox rows not yet published (parked rows excluded)', (s) => s.backlog);
    gauge(
      'luxe_outbox_oldest_unpublished_age_seconds',
      'Age of the oldest outbox row not yet published (parked rows excluded); 0 when none',
      (s) => s.oldestAgeSeconds,
    );
    gauge(
      'luxe_outbox_parked',
      'Outbox rows parked after too many failed publish attempts (they need a person)',
      (s) => s.parked,
    );
  }

  /**
   * `luxe_consumer_lag{consumer_group,topic}`, asked of the broker at each scrape (Kafka only);
   * NaN when it does not answer within two seconds.
   */
  addConsumerLag(
    groupId: string,
    topics: string[],
    read: (groupId: string, topics: string[]) => Promise<TopicLag[]>,
  ): void {
    new Gauge({
      name: 'luxe_consumer_lag',
      help: 'Messages the consumer group has not read yet, per topic (latest offsets minus committed ones)',
      labelNames: ['consumer_group', 'topic'],
      registers: [this.registry],
      async collect() {
        let timer: NodeJS.Timeout | undefined;
        const lags = await Promise.race([
          read(groupId, topics),
          new Promise<null>((r) => (timer = setTimeout(() => r(null), 2000))),
        ])
          .catch(() => null)
          .finally(() => clearTimeout(timer));
        for (const topic of topics)
          this.set({ consumer_group: groupId, topic }, lags ? (lags.find((l) => l.topic === topic)?.lag ?? 0) : NaN);
      },
    });
  }

  /**
   * `luxe_session_reads_total{from}`: the gateway's session and snapshot reads answered from its
   * memory (`memory`) or from Redis (`redis`), TrackedReads' counts read at each scrape (the hot
   * path counts in two plain numbers, no label lookup per request).
   */
  addTrackedReads(counts: { kept: number; read: number }): void {
    new Counter({
      name: 'luxe_session_reads_total',
      help: 'Session and /api/auth/me snapshot reads, answered from the gateway memory or from Redis',
      labelNames: ['from'],
      registers: [this.registry],
      collect() {
        this.reset();
        this.inc({ from: 'memory' }, counts.kept);
        this.inc({ from: 'redis' }, counts.read);
      },
    });
  }

  /** The exposition text and its content type. */
  async exposition(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }

  /**
   * Wires the app's Fastify: a duration observation per response (by route pattern; requests
   * that matched no route are `route="unmatched"`), and `GET /metrics`, registered on Fastify
   * itself so no Nest guard or /api contract applies (an operator endpoint: keep it off the
   * public network).
   */
  install(fastify: FastifyInstance, o: { endpoint?: boolean } = {}): void {
    fastify.addHook('onResponse', (req, reply, done) => {
      const route = req.routeOptions?.url;
      const path = route ?? req.url;
      if (!UNMEASURED.test(path))
        this.observeHttp(req.method, route ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
      done();
    });
    // `endpoint: false`: measured only, the scrape is served by `listen` on a port of its own.
    if (o.endpoint === false) return;
    fastify.get(METRICS_PATH, async (_req, reply) => {
      const { contentType, body } = await this.exposition();
      return reply.header('content-type', contentType).header('cache-control', 'no-store').send(body);
    });
  }
}

/**
 * `GET /metrics` on a listener of its own, for a process whose main port is public (the gateway):
 * the scrape never shares a port with the site, so the Ingress cannot expose it and a network
 * policy can open it to the monitoring namespace alone. Anything else answers 404.
 */
export async function listenForMetrics(
  metrics: Metrics,
  host: string,
  port: number,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== METRICS_PATH || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    metrics.exposition().then(
      ({ contentType, body }) =>
        res
          .writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' })
          .end(req.method === 'HEAD' ? undefined : body),
      () => res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('metrics unavailable\n'),
    );
  });
  // Idle scrape connections must not hold up a stop.
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const addr = server.address();
  const shown = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return {
    url: `http://${shown.includes(':') ? `[${shown}]` : shown}:${typeof addr === 'object' && addr ? addr.port : port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

interface OutboxSample {
  backlog: number;
  oldestAgeSeconds: number;
  parked: number;
}

async function readOutbox(ds: DataSource): Promise<OutboxSample> {
  const [r]: { backlog: string; oldest: string | null; parked: string }[] = await ds.query(
    `SELECT count(*) FILTER (WHERE parked_at IS NULL) AS backlog,
            EXTRACT(EPOCH FROM now() - min(created_at) FILTER (WHERE parked_at IS NULL)) AS oldest,
            count(*) FILTER (WHERE parked_at IS NOT NULL) AS parked
       FROM outbox_events WHERE published_at IS NULL`,
  );
  return {
    backlog: Number(r.backlog),
    oldestAgeSeconds: r.oldest === null ? 0 : Math.max(0, Number(r.oldest)),
    parked: Number(r.parked),
  };
}

/** An event type as a label: only the contracts' types, so a stray message cannot add series. */
function typeLabel(type: string): string {
  return isEventType(type) ? type : 'unknown';
}
