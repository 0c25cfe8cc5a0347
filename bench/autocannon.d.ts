// autocannon ships no types and @types/autocannon is not installed: the part of its API the
// benchmarks use, declared once for all of them.
declare module "autocannon" {
  interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
  }
  /** Per-connection state, kept between a request and its answer (one request at a time). */
  type Context = Record<string, string>;
  interface RequestSpec extends Request {
    setupRequest?: (request: Request, context: Context) => Request;
    onResponse?: (status: number, body: string, context: Context) => void;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    requests?: RequestSpec[];
  }
  interface Result {
    requests: { average: number; total: number };
    latency: { p50: number; p99: number; max: number };
    non2xx: number;
    errors: number;
    timeouts: number;
    statusCodeStats?: Record<string, { count: number }>;
  }
  export default function autocannon(options: Options): Promise<Result>;
}
