import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessTokenOf, headersWithToken, tokenOfFragment } from '../../src/graphiql-app/token.js';
import { graphiqlRoute } from '../../src/mock-server/http/graphiql-route.js';

describe('GraphiQL carries a token into the headers', () => {
  it('finds the accessToken of an AuthPayload at the top of data, and nothing elsewhere', () => {
    expect(accessTokenOf({ data: { login: { accessToken: 'pa_1', user: { id: 'u' } } } })).toBe('pa_1');
    expect(accessTokenOf({ data: { refreshToken: { accessToken: 'pa_2' } } })).toBe('pa_2');
    expect(accessTokenOf({ data: { me: { id: 'u' } } })).toBeNull();
    expect(accessTokenOf({ data: { login: { accessToken: '' } } })).toBeNull();
    expect(accessTokenOf({ errors: [] })).toBeNull();
  });

  it('sets Authorization, replacing one in any letter case and keeping other headers', () => {
    expect(JSON.parse(headersWithToken('{"x-trace": "1", "authorization": "Bearer old"}', 'pa_new'))).toEqual({ 'x-trace': '1', Authorization: 'Bearer pa_new' });
    expect(JSON.parse(headersWithToken(undefined, 'pa_1'))).toEqual({ Authorization: 'Bearer pa_1' });
  });

  it('reads #token= of the address (POST /dev/sessions\' graphiqlUrl) and gives the fragment without it', () => {
    expect(tokenOfFragment('#token=pa_1')).toEqual({ token: 'pa_1', rest: '' });
    expect(tokenOfFragment('#token=pa%2B1&x=2')).toEqual({ token: 'pa+1', rest: '#x=2' });
    expect(tokenOfFragment('#x=2')).toBeNull();
    expect(tokenOfFragment('#token=')).toBeNull();
    expect(tokenOfFragment('')).toBeNull();
  });

  it('replaces headers text that is not a JSON object', () => {
    expect(JSON.parse(headersWithToken('{"half', 'pa_1'))).toEqual({ Authorization: 'Bearer pa_1' });
    expect(JSON.parse(headersWithToken('[1]', 'pa_1'))).toEqual({ Authorization: 'Bearer pa_1' });
  });
});

describe('a missing bundle', () => {
  let server: Server;
  let origin: string;
  beforeAll(async () => {
    const route = graphiqlRoute(new URL('../../no-such-dir/', import.meta.url));
    server = createServer((req, res) => void (req.url === '/graphql' ? route.page(res) : route.asset(req, res, 'graphiql.js')));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('is 503 with a sentence saying to run npm run build, for the page and the bundle', async () => {
    for (const path of ['/graphql', '/graphiql/graphiql.js']) {
      const response = await fetch(`${origin}${path}`);
      expect(response.status).toBe(503);
      const body = (await response.json()) as { errors: { message: string }[] };
      expect(body.errors[0]!.message).toContain('run `npm run build`');
    }
  });
});
