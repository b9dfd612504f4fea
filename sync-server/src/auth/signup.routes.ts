import type { FastifyInstance } from 'fastify';

export async function signupRoutes(_app: FastifyInstance): Promise<void> {
  // Built in its own feature work.
}
