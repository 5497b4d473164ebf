import { messageQueriesIn, type Fault } from '../support/fault.js';
import { refusal } from '../support/response.js';

/** Faults in authentication (SPEC.md section 5). */

export const anySchemeAccepted: Fault = {
  name: 'any-authorization-scheme-accepted',
  rule: 'section 5 rule 1: the header is Authorization: Bearer <ACCESS_TOKEN> (here: any scheme, or none, is read as Bearer)',
  breaks: ['auth.other-scheme.refused'],
  hooks: {
    request(request) {
      const token = request.authorization?.trim().split(/\s+/).at(-1);
      return token && !/^bearer\s/i.test(request.authorization ?? '') ? { ...request, authorization: `Bearer ${token}` } : undefined;
    },
  },
};

export const bearerRefusedOnReads: Fault = {
  name: 'bearer-refused-by-message-queries',
  rule: 'section 5 rule 1: Authorization: Bearer <ACCESS_TOKEN> is required for (and so accepted by) messages and messagesSince',
  breaks: ['auth.bearer-token.accepted'],
  hooks: {
    response(_response, call) {
      const field = messageQueriesIn(call.fields)[0];
      return field && /^bearer\s/i.test(call.received.authorization ?? '') ? refusal(field, 'UNAUTHENTICATED', 'send the access token in the X-Access-Token header') : undefined;
    },
  },
};

export const refreshedTokenBroken: Fault = {
  name: 'refreshed-access-token-unusable',
  rule: 'section 5 rule 4: refreshToken takes a refresh token and returns a new AuthPayload (whose access token works)',
  breaks: ['auth.refresh-token'],
  hooks: {
    response(response, call) {
      const payload = call.fields.includes('refreshToken') ? (response.body.data?.['refreshToken'] as { accessToken?: string } | null | undefined) : undefined;
      if (typeof payload?.accessToken !== 'string') return undefined;
      return { ...response, body: { ...response.body, data: { ...response.body.data, refreshToken: { ...payload, accessToken: `${payload.accessToken}-stale` } } } };
    },
  },
};

export const authenticationFaults: readonly Fault[] = [anySchemeAccepted, bearerRefusedOnReads, refreshedTokenBroken];
