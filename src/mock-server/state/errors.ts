import { ErrorCode } from '../../schema/error-codes.js';

/**
 * The one error type the domain throws. It carries a code from {@link ErrorCode}; the GraphQL
 * layer copies it into `errors[].extensions.code`. Anything else thrown from the domain is a bug
 * and reaches clients only as `INTERNAL_SERVER_ERROR`.
 */
export class DomainError extends Error {
  override readonly name = 'DomainError';
  constructor(
    readonly code: ErrorCode,
    message: string,
    /**
     * The argument or input field at fault, as a path from the operation's arguments
     * (`input.email`, `conversationId`); the GraphQL layer shows it as `extensions.field`.
     */
    readonly field?: string,
  ) {
    super(message);
  }
}

export const unauthenticated = (message: string) => new DomainError(ErrorCode.UNAUTHENTICATED, message);
export const forbidden = (message: string) => new DomainError(ErrorCode.FORBIDDEN, message);
export const badInput = (message: string, field?: string) => new DomainError(ErrorCode.BAD_USER_INPUT, message, field);
export const notFound = (message: string, field?: string) => new DomainError(ErrorCode.NOT_FOUND, message, field);
export const conflict = (message: string, field?: string) => new DomainError(ErrorCode.CONFLICT, message, field);
