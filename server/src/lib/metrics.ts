import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { ThrottleStore } from './throttle';

/**
 * The counts Prometheus scrapes from /metrics. One registry per app (tests build many apps in one
 * process, and prom-client's global registry would mix them).
 */
export class Metrics {
  private registry = new Registry();
  private requests = new Counter({ name: 'gradus_http_requests_total', help: 'Requests answered, by route pattern and status', labelNames: ['method', 'route', 'status'], registers: [this.registry] });
  private latency = new Histogram({
    name: 'gradus_http_request_duration_seconds',
    help: 'Time from a request arriving to its reply being sent, by route pattern',
    labelNames: ['method', 'route'],
    // Around the 100 ms goal of release day (docs/performance.md), with room either side.
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  private throttled = new Counter({ name: 'gradus_throttle_refusals_total', help: 'Calls refused by a throttle, by what was throttled', labelNames: ['kind'], registers: [this.registry] });
  private queues = new Gauge({ name: 'gradus_queue_depth', help: 'Background jobs waiting or running, by queue', labelNames: ['queue'], registers: [this.registry] });

  /** `process` adds Node's own figures (memory, CPU, event-loop lag): the running server wants them, a test app does not. */
  constructor(opts: { process?: boolean } = {}) {
    if (opts.process) collectDefaultMetrics({ register: this.registry, prefix: 'gradus_' });
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }

  observeRequest(method: string, route: string, status: number, seconds: number): void {
    this.requests.inc({ method, route, status: String(status) });
    this.latency.observe({ method, route }, seconds);
  }

  throttleRefused(kind: string): void {
    this.throttled.inc({ kind });
  }

  queueDepth(queue: string, depth: number): void {
    this.queues.set({ queue }, depth);
  }

  /**
   * A throttle whose refusals are counted here, labelled by the key's first part ('client', 'account', ...).
   * 'audited' keys only space out audit entries (login.ts): nobody is refused by them.
   */
  counting(store: ThrottleStore): ThrottleStore {
    const kindOf = (key: string) => key.split(':', 1)[0]!;
    return {
      hit: async (key, limit, windowMs) => {
        const wait = await store.hit(key, limit, windowMs);
        if (wait > 0 && kindOf(key) !== 'audited') this.throttleRefused(kindOf(key));
        return wait;
      },
      blockedFor: async (key, limit) => {
        const wait = await store.blockedFor(key, limit);
        if (wait > 0) this.throttleRefused(kindOf(key));
        return wait;
      },
      reset: (key) => store.reset(key),
    };
  }
}
