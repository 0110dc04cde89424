// autocannon ships no types and has no @types package in the lockfile: what the benchmarks use of it.
declare module 'autocannon' {
  interface Options {
    url: string;
    headers?: Record<string, string>;
    connections?: number;
    duration?: number;
    pipelining?: number;
    method?: string;
    body?: string;
    amount?: number;
    requests?: {
      method?: string;
      path?: string;
      body?: string;
      headers?: Record<string, string>;
      setupRequest?: (req: any) => any;
    }[];
  }
  interface Result {
    requests: { average: number; total: number };
    latency: { p50: number; p99: number; average: number; max: number };
    errors: number;
    timeouts: number;
    non2xx: number;
    statusCodeStats?: Record<string, { count: number }>;
    [key: string]: unknown;
  }
  function autocannon(opts: Options): Promise<Result>;
  export default autocannon;
}
