// The few fields bench/pages.ts reads; autocannon ships no types and @types/autocannon is not installed.
declare module "autocannon" {
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
  }
  interface Result {
    requests: { average: number };
    latency: { p99: number };
  }
  export default function autocannon(options: Options): Promise<Result>;
}
