import type { FastifyInstance } from 'fastify';

export async function passwordResetRoutes(_app: FastifyInstance): Promise<void> {
  // Built in its own feature work.
}
