import { request } from 'node:http';

/** What came back from {@link rawRequest}. */
export interface RawAnswer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
}

/**
 * One request over node:http, because fetch cannot set `Host` (a forbidden header name): the
 * tests here send what a DNS-rebinding page or a cross-origin page would.
 */
export function rawRequest(url: string, method: string, headers: Record<string, string>, body = ''): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const sent = request(url, { method, headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) } }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
      response.on('error', reject);
    });
    sent.on('error', reject);
    sent.end(body);
  });
}
