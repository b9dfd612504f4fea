import type { FastifyRequest } from 'fastify';
import { HttpError } from '../http/errors.ts';
import { containsNul, MSG_NUL } from './case-files.schema.ts';

/**
 * The case-file calls' preValidation hook: a NUL in a text value would fail the query on PostgreSQL (a 500), so
 * it is refused as the request arrives, before the route's schema or any handler reads the input.
 */
export async function refuseNul(req: FastifyRequest): Promise<void> {
  if (containsNul(req.query) || containsNul(req.params) || containsNul(req.body))
    throw new HttpError(422, MSG_NUL);
}
