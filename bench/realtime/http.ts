import { Agent, request } from 'node:http';

/**
 * GraphQL POSTs from the load generator over kept-alive node:http sockets. Not `fetch`: undici's
 * per-request overhead would be spent on the same core that receives the 1,000 events, and
 * would show up as latency of every server alike.
 */
export class GraphQLPoster {
  private readonly agent: Agent;
  private readonly url: URL;

  constructor(url: string, maxSockets: number) {
    this.url = new URL(url);
    this.agent = new Agent({ keepAlive: true, maxSockets });
  }

  /** The parsed `data` of the answer; throws, quoting the answer, on errors or a non-200 status. */
  post<T>(body: string, authorization?: string): Promise<T> {
    return new Promise((resolve, reject) => {
      const headers: Record<string, string | number> = { 'content-type': 'application/json', accept: 'application/json', 'content-length': Buffer.byteLength(body) };
      if (authorization) headers['authorization'] = authorization;
      const req = request(this.url, { method: 'POST', agent: this.agent, headers }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          let answer: { data?: T | null; errors?: unknown[] } | undefined;
          try {
            answer = JSON.parse(text) as typeof answer;
          } catch {
            answer = undefined;
          }
          if (res.statusCode !== 200 || !answer?.data || answer.errors) {
            reject(new Error(`${this.url.href} answered ${res.statusCode}: ${text.slice(0, 300)}`));
          } else {
            resolve(answer.data);
          }
        });
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(body);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}
