import type { Registry } from 'prom-client';

type Labels = Record<string, string>;

interface Series {
  labels: Labels;
  /** Observations per bucket (not cumulative), the last one above every bound. */
  counts: number[];
  sum: number;
  count: number;
}

/**
 * The HTTP request duration histogram, kept by hand and exposed through the registry as
 * prom-client's own Histogram is (same name, buckets, labels and lines). prom-client's
 * `observe` validates and hashes the label object on every call, with its child series too:
 * on the gateway's cached reads that was a few microseconds of a request of about fifty. Here a
 * series is found by one map lookup of a string key.
 */
export class HttpDurations {
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  private readonly series = new Map<string, Series>();

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly buckets: readonly number[],
    registry: Registry,
    /** The registry's default labels (set before this is made), first in each line as prom-client puts them. */
    private readonly defaultLabels: Readonly<Record<string, string>> = {},
  ) {
    registry.registerMetric(this as never);
  }

  observe(method: string, route: string, statusCode: number, seconds: number): void {
    const key = `${method} ${statusCode} ${route}`;
    let s = this.series.get(key);
    if (!s) {
      s = {
        labels: { ...this.defaultLabels, method, route, status_code: String(statusCode) },
        counts: new Array<number>(this.buckets.length + 1).fill(0),
        sum: 0,
        count: 0,
      };
      this.series.set(key, s);
    }
    let i = 0;
    while (i < this.buckets.length && seconds > this.buckets[i]) i++;
    s.counts[i]++;
    s.sum += seconds;
    s.count++;
  }

  /** What the registry formats: the bucket lines (cumulative, `le`), then sum and count, per series. */
  get() {
    const values: { metricName: string; labels: Record<string, string | number>; value: number }[] = [];
    for (const s of this.series.values()) {
      let acc = 0;
      this.buckets.forEach((le, i) => {
        acc += s.counts[i];
        values.push({ metricName: `${this.name}_bucket`, labels: { le, ...s.labels }, value: acc });
      });
      values.push({ metricName: `${this.name}_bucket`, labels: { le: '+Inf', ...s.labels }, value: s.count });
      values.push({ metricName: `${this.name}_sum`, labels: { ...s.labels }, value: s.sum });
      values.push({ metricName: `${this.name}_count`, labels: { ...s.labels }, value: s.count });
    }
    return { name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator };
  }

  reset(): void {
    this.series.clear();
  }
}
