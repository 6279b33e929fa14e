/**
 * Prometheus metrics kept in memory and rendered in the text exposition format (version 0.0.4).
 *
 * @module
 */

/** Latency buckets in seconds for request durations. */
export const LATENCY_BUCKETS: readonly number[] = [
  0.0005,
  0.001,
  0.0025,
  0.005,
  0.01,
  0.025,
  0.05,
  0.1,
  0.25,
  0.5,
  1,
  2.5,
  5,
  10,
];

type Labels = Record<string, string>;

function labelText(labels: Labels): string {
  const parts = Object.entries(labels).map(([k, v]) =>
    `${k}="${v.replace(/\\/g, "\\\\").replace(/\n/g, "\\n").replace(/"/g, '\\"')}"`
  );
  return parts.length ? `{${parts.join(",")}}` : "";
}

class Counter {
  readonly values = new Map<string, { labels: Labels; value: number }>();
  constructor(readonly name: string, readonly help: string) {}
  inc(labels: Labels = {}, by = 1): void {
    this.incKey(labelText(labels), labels, by);
  }
  /** Adds to a series known by a cheap key of the caller's choosing (hot paths). */
  incKey(key: string, labels: Labels, by = 1): void {
    const entry = this.values.get(key);
    if (entry) entry.value += by;
    else this.values.set(key, { labels, value: by });
  }
  render(): string[] {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} counter`];
    for (const { labels, value } of this.values.values()) {
      lines.push(`${this.name}${labelText(labels)} ${value}`);
    }
    return lines;
  }
}

class Histogram {
  /** By series: how many observations fell in each bucket and no lower one (not cumulative). */
  readonly series = new Map<
    string,
    { labels: Labels; counts: number[]; sum: number; count: number }
  >();
  constructor(readonly name: string, readonly help: string, readonly buckets: readonly number[]) {}
  observe(seconds: number, labels: Labels = {}): void {
    this.observeKey(labelText(labels), () => labels, seconds);
  }
  /**
   * Observes into a series known by a cheap key of the caller's choosing (hot paths); its labels
   * are made from the key only for a new series.
   */
  observeKey(key: string, labels: (key: string) => Labels, seconds: number): void {
    let s = this.series.get(key);
    if (!s) {
      this.series.set(
        key,
        s = { labels: labels(key), counts: this.buckets.map(() => 0), sum: 0, count: 0 },
      );
    }
    // The first bucket that holds it (cumulated when rendered); past the last, only `count`.
    const buckets = this.buckets;
    for (let i = 0; i < buckets.length; i++) {
      if (seconds <= buckets[i]!) {
        s.counts[i]!++;
        break;
      }
    }
    s.sum += seconds;
    s.count++;
  }
  render(): string[] {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} histogram`];
    for (const s of this.series.values()) {
      let cumulative = 0;
      this.buckets.forEach((le, i) => {
        cumulative += s.counts[i]!;
        lines.push(
          `${this.name}_bucket${labelText({ ...s.labels, le: String(le) })} ${cumulative}`,
        );
      });
      lines.push(`${this.name}_bucket${labelText({ ...s.labels, le: "+Inf" })} ${s.count}`);
      lines.push(`${this.name}_sum${labelText(s.labels)} ${s.sum}`);
      lines.push(`${this.name}_count${labelText(s.labels)} ${s.count}`);
    }
    return lines;
  }
}

const routeLabels = (route: string): Labels => ({ route });

/** The server's metrics. */
export class Metrics {
  readonly requests: Counter = new Counter(
    "lanka_http_requests_total",
    "HTTP requests by route, method and status",
  );
  readonly latency: Histogram = new Histogram(
    "lanka_http_request_duration_seconds",
    "HTTP request latency by route",
    LATENCY_BUCKETS,
  );
  readonly quotaRejections: Counter = new Counter(
    "lanka_quota_rejections_total",
    "Requests refused with 429 by tier",
  );
  readonly kvFlushes: Histogram = new Histogram(
    "lanka_kv_flush_duration_seconds",
    "Duration of counter flushes to KV",
    LATENCY_BUCKETS,
  );
  readonly kvFlushFailures: Counter = new Counter(
    "lanka_kv_flush_failures_total",
    "Counter flushes to KV that failed",
  );
  readonly #gauges = new Map<string, { help: string; read: () => number }>();
  readonly #lastByRoute = new Map<
    string,
    { method: string; status: number; series: { value: number } }
  >();

  /**
   * Registers a gauge read at scrape time (for example the voice queue depth).
   *
   * @param name Metric name.
   * @param help One line of help.
   * @param read Returns the current value.
   */
  gauge(name: string, help: string, read: () => number): void {
    this.#gauges.set(name, { help, read });
  }

  /**
   * Records one finished request.
   *
   * @param route The route pattern (not the raw path, to bound cardinality).
   * @param method HTTP method.
   * @param status Response status.
   * @param seconds Duration.
   */
  request(route: string, method: string, status: number, seconds: number): void {
    // A route mostly answers one method and status again and again: that series is remembered;
    // otherwise the key is a plain concatenation, and label text is built only for a new series.
    const last = this.#lastByRoute.get(route);
    if (last !== undefined && last.method === method && last.status === status) {
      last.series.value++;
    } else {
      const key = `${route}\u0000${method}\u0000${status}`;
      this.requests.incKey(key, { route, method, status: String(status) });
      this.#lastByRoute.set(route, { method, status, series: this.requests.values.get(key)! });
    }
    this.latency.observeKey(route, routeLabels, seconds);
  }

  /** @returns The exposition text. */
  render(): string {
    const lines = [
      ...this.requests.render(),
      ...this.latency.render(),
      ...this.quotaRejections.render(),
      ...this.kvFlushes.render(),
      ...this.kvFlushFailures.render(),
    ];
    for (const [name, { help, read }] of this.#gauges) {
      lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} gauge`, `${name} ${read()}`);
    }
    return `${lines.join("\n")}\n`;
  }
}
