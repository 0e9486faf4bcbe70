import client from "prom-client";

/**
 * What an operator scrapes at /metrics (decision 0064), in Prometheus' text format, through prom-client:
 * the process's own figures (memory, event-loop delay, garbage collection) and ours, each app its own
 * registry (a test runs several apps in one process).
 */
export function createMetrics() {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry, prefix: "ignite_" });
  const requestLabels = ["method", "route", "status"] as const;
  const requests = new client.Counter({
    name: "ignite_http_requests_total",
    help: "Requests answered, by method, route pattern and status",
    labelNames: requestLabels,
    registers: [registry],
  });
  const duration = new client.Histogram({
    name: "ignite_http_request_duration_seconds",
    help: "Time from a request's arrival to its answer, by method, route pattern and status",
    labelNames: requestLabels,
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const publicCache = new client.Counter({
    name: "ignite_public_cache_lookups_total",
    help: "Lookups in the shared cache of public answers (decision 0003), by result: hit or miss",
    labelNames: ["result"] as const,
    registers: [registry],
  });
  return {
    registry,
    /** One answered request: `route` is the pattern it matched (never the path itself, whose values are unbounded). */
    request(method: string, route: string, status: number, seconds: number) {
      const labels = { method, route, status: String(status) };
      requests.inc(labels);
      duration.observe(labels, seconds);
    },
    cacheLookup(hit: boolean) {
      publicCache.inc({ result: hit ? "hit" : "miss" });
    },
    /**
     * A figure read when scraped (`read` returns a value per label set). A failed read leaves it out of
     * that scrape rather than failing the whole of it.
     */
    gauge<L extends string>(
      name: string,
      help: string,
      labelNames: readonly L[],
      read: () => Promise<Array<[Record<L, string>, number]>>,
    ) {
      new client.Gauge({
        name,
        help,
        labelNames,
        registers: [registry],
        async collect() {
          this.reset();
          try {
            for (const [labels, value] of await read()) this.set(labels as Partial<Record<L, string>>, value);
          } catch {
            // The database away: /readyz and the request counts say so; the figure is just missing.
          }
        },
      });
    },
    contentType: registry.contentType,
    text: () => registry.metrics(),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
