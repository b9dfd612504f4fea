import type { FastifyInstance } from 'fastify';

export async function settingsRoutes(_app: FastifyInstance): Promise<void> {
  // Built in its own feature work.
}
