import type {
  FastifyRequest,
  FastifySchemaCompiler,
  FastifySchemaValidationError,
  FastifyServerOptions,
} from 'fastify';
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

/** Every message of every field that failed, as the original API lists them: {field: [msg]}. */
export type TFieldErrors = Record<string, string[]>;

/** 422 in the original API's shape: {message, validation_error: {field: [msg]}}. */
export function validationError(fields: TFieldErrors, key = 'validation_error'): HttpError {
  const first = Object.values(fields)[0]?.[0] ?? MSG.invalidData;
  return new HttpError(422, first, { [key]: fields });
}

/** How a call answers input that fails its schema; a few calls of the original API add keys of their own. */
export type InvalidInputAnswer = (fields: TFieldErrors) => HttpError;

/**
 * The validator of every route schema (body, querystring, params), with the shared zod schemas. Their messages
 * go on to the schema error formatter in Fastify's validation error list (the field name in `params.field`).
 */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data: unknown) => {
    // A call without a body is read as an empty form, so it gets each field's "required" message.
    const r = schema.safeParse(data ?? {});
    if (r.success) return { value: r.data };
    const error: FastifySchemaValidationError[] = Object.entries(toValidationErrors(r.error)).flatMap(
      ([field, messages]) =>
        messages.map((message) => ({
          keyword: 'zod',
          instancePath: `/${field}`,
          schemaPath: '#',
          params: { field },
          message,
        })),
    );
    return { error };
  };

type SchemaErrorFormatter = NonNullable<FastifyServerOptions['schemaErrorFormatter']>;

/** Back from Fastify's list to {field: [msg]}. */
function fieldErrorsOf(errors: FastifySchemaValidationError[]): TFieldErrors {
  const out: TFieldErrors = {};
  for (const e of errors) {
    const field = typeof e.params.field === 'string' ? e.params.field : e.instancePath.slice(1) || '_';
    (out[field] ??= []).push(e.message ?? MSG.invalidData);
  }
  return out;
}

/**
 * Fastify's schemaErrorFormatter: a request that fails its route's schema answers 422 in the original API's
 * shape (validationError). The app sets the default; a route whose documented error has another shape passes
 * its own answer.
 */
export const invalidInput =
  (answer: InvalidInputAnswer = validationError): SchemaErrorFormatter =>
  (errors) =>
    answer(fieldErrorsOf(errors));

/** The answer to a call no route serves (the not-found handler, and a body refused before any route ran). */
export const routeNotFound = (req: FastifyRequest): string =>
  `Route ${req.method} ${req.url.split('?')[0]} not found.`;
