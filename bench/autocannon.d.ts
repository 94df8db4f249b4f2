/**
 * The part of autocannon 8's API the bench uses. The package ships no types, and @types/autocannon
 * would be one more dependency to keep in step for five fields.
 */
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  export interface RequestContext {
    [key: string]: unknown;
  }

  export interface RequestSpec {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    /** Returns the request to send, or a falsy value to restart the sequence. */
    setupRequest?: (request: RequestSpec, context: RequestContext) => RequestSpec | undefined;
    onResponse?: (status: number, body: string, context: RequestContext, headers: Record<string, string>) => void;
  }

  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    pipelining?: number;
    timeout?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    requests?: RequestSpec[];
    /** Requests per second over all connections (a fixed rate), instead of as fast as answers come. */
    overallRate?: number;
  }

  export interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p99: number;
  }

  export interface Result {
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    /** Seconds, measured. */
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    /** Answers by HTTP status ('200', '429', ...). */
    statusCodeStats?: Record<string, { count: number }>;
  }

  export interface Instance extends EventEmitter, PromiseLike<Result> {
    stop(): void;
  }

  export default function autocannon(options: Options): Instance;
}
