import type { FastifyError, FastifyInstance } from 'fastify';
import { MSG, ZErrorResponse } from '@lawfirm/shared-types';
import { HttpError, invalidInput, routeNotFound } from '../http/errors.ts';
import { MutationRejected } from '../sync/store.ts';

/**
 * One error answer for the whole API: {message} with a fitting status, never a stack trace. Client mistakes
 * Fastify itself detects (bad JSON, too large, bad content type) keep their 4xx status; anything unexpected is
 * logged and answered with a plain 500 message.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  // Input that fails a route's schema: 422 {message, validation_error: {field: [msg]}}, the original API's shape.
  app.setSchemaErrorFormatter(invalidInput());
  // Every route documents (and the serializer checks) the error answer below, besides its own success answers.
  app.addHook('onRoute', (route) => {
    if (route.schema)
      route.schema.response = {
        '4xx': ZErrorResponse,
        '5xx': ZErrorResponse,
        ...(route.schema.response as Record<string, unknown> | undefined),
      };
  });
  app.setErrorHandler((err: FastifyError | HttpError | MutationRejected, req, reply) => {
    if (err instanceof HttpError) {
      return reply.status(err.statusCode).send({ message: err.message, ...err.extra });
    }
    // The shared mutators refuse with MutationRejected; over REST that is the same {message} answer.
    if (err instanceof MutationRejected) {
      const fields = Object.keys(err.fields).length ? { validation_error: err.fields } : {};
      return reply.status(err.statusCode).send({ message: err.message, ...fields });
    }
    const status = err.statusCode ?? 500;
    if (status === 429) return reply.status(429).send({ message: err.message });
    if (status >= 400 && status < 500) {
      const message =
        err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
          ? 'The request body is not valid JSON.'
          : err.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? 'The request is too large.'
            : err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
              ? 'This content type is not accepted here.'
              : err.validation
                ? MSG.invalidData
                : err.message;
      return reply.status(status).send({ message });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ message: 'Something went wrong on the server. Please try again.' });
  });
  app.setNotFoundHandler((req, reply) => reply.status(404).send({ message: routeNotFound(req) }));
}
