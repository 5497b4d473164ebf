import { ErrorCode } from '../../../schema/error-codes.js';
import { findWorkspace } from '../../dev/read-model.js';
import type { MockState } from '../../state/mock-state.js';
import type { WorkspaceRecord } from '../../state/workspaces/records.js';
import { jsonResponse } from '../respond.js';

/** The largest `limit` a dev list takes, and its default. */
export const DEV_LIST_MAX = 100;
export const DEV_LIST_DEFAULT = 50;

/** A 400 (or `status`) answer naming the field at fault, in the shape `/dev/chaos` answers. */
export function fieldError(field: string, message: string, code: ErrorCode = ErrorCode.BAD_USER_INPUT, status = 400): Response {
  return jsonResponse(status, { errors: [{ message, extensions: { code, field } }] });
}

/** A 404 `NOT_FOUND` naming the field whose value names nothing. */
export function notFoundError(field: string, message: string): Response {
  return fieldError(field, message, ErrorCode.NOT_FOUND, 404);
}

/** The query parameter `name`, required: its value, or the 400 answer naming it. */
export function requiredParam(query: URLSearchParams, name: string, maxLength = 200): string | Response {
  const value = query.get(name);
  if (value === null || value === '') return fieldError(name, `${name} is required (?${name}=...)`);
  if (value.length > maxLength) return fieldError(name, `${name} must have at most ${maxLength} characters, but has ${value.length}`);
  return value;
}

/** A whole number of the query string from `min` to `max`, `fallback` when absent; or the 400 answer naming it. */
export function integerParam(query: URLSearchParams, name: string, min: number, max: number, fallback: number | null): number | null | Response {
  const raw = query.get(name);
  if (raw === null) return fallback;
  const value = Number(raw);
  if (!/^\d{1,15}$/.test(raw) || value < min || value > max) {
    return fieldError(name, `${name} must be a whole number from ${min} to ${max}, but got ${JSON.stringify(raw.slice(0, 40))}`);
  }
  return value;
}

/** `?limit=` of a dev list: 1 to {@link DEV_LIST_MAX}, {@link DEV_LIST_DEFAULT} when absent. */
export function limitParam(query: URLSearchParams): number | Response {
  return integerParam(query, 'limit', 1, DEV_LIST_MAX, DEV_LIST_DEFAULT) as number | Response;
}

/** A string field of a JSON body: its value, or the 400 answer naming it. */
export function stringField(body: unknown, name: string, maxLength = 200): string | Response {
  const value = typeof body === 'object' && body !== null && !Array.isArray(body) && Object.hasOwn(body, name) ? (body as Record<string, unknown>)[name] : undefined;
  if (typeof value !== 'string' || value === '') return fieldError(name, `${name} must be a non-empty string in the JSON body ({ "${name}": "..." })`);
  if (value.length > maxLength) return fieldError(name, `${name} must have at most ${maxLength} characters, but has ${value.length}`);
  return value;
}

/**
 * The workspace `?workspace=<id or slug>` names, or the answer: 400 when the parameter is missing,
 * 404 naming the field when no workspace has that id or slug.
 */
export function workspaceParam(state: MockState, query: URLSearchParams): WorkspaceRecord | Response {
  const ref = requiredParam(query, 'workspace');
  if (ref instanceof Response) return ref;
  return findWorkspace(state, ref) ?? notFoundError('workspace', `no workspace ${JSON.stringify(ref)} (give an id or a slug)`);
}
