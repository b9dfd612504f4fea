import { getAccessToken, refreshAccessToken } from '../auth/session.ts';

/** The engine's view of the session: the in-memory access token, and one shared refresh on a 401. */
export const sessionTokens = {
  get: (): string | null => getAccessToken(),
  refresh: (): Promise<string | null> => refreshAccessToken(),
};
