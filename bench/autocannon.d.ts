// The part of autocannon 8's API the benchmark uses (the package ships no types).
declare module "autocannon" {
  type Request = {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    setupRequest?: (request: Request) => Request;
  };
  type Options = {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    timeout?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    requests?: Request[];
  };
  type Result = {
    requests: { total: number; average: number };
    throughput: { total: number };
    errors: number;
    timeouts: number;
    non2xx: number;
    duration: number;
    "2xx": number;
  };
  type Instance = Promise<Result> & {
    on(
      event: "response",
      handler: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void,
    ): void;
  };
  function autocannon(options: Options): Instance;
  export default autocannon;
}
