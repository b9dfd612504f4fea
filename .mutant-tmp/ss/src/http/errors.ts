import type { z } from 'zod';
import { MSG, toValidationErrors } from '@lawfirm/shared-types';

/** An error a client may see: status and message are safe to send. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, extra?: Record<string, unknown>) =>
  new HttpError(400, message, extra);
export const unauthorized = (message: string = MSG.unauthenticated) => new HttpError(401, message);
export const forbidden = (message: string = MSG.forbidden) => new HttpError(403, message);
export const notFound = (message: string = MSG.notFound) => new HttpError(404, message);

/** 422 in the original API's shape: {message, validation_error: {field: [msg]}}. */
export function validationError(fields: Record<string, string[]>, key = 'validation_error'): HttpError {
  const first = Object.values(fields)[0]?.[0] ?? 'The given data was invalid.';
  return new HttpError(422, first, { [key]: fields });
}

/** Parses input with a shared schema, answering 422 with every field's messages on failure. */
export function parse<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const r = schema.safeParse(input ?? {});
  if (!r.success) throw validationError(toValidationErrors(r.error));
  return r.data;
}
