import { z } from 'zod';
import { ZUser } from '../users/users.schema.ts';

/** POST /api/auth/refresh: the PWA's next access token (the refresh token rotates in its httpOnly cookie). */
export const ZSessionResponse = z.object({
  access_token: z.string(),
  /** Seconds the access token lives. */
  expires_in: z.number().int(),
  user: ZUser,
});
export type TSessionResponse = z.infer<typeof ZSessionResponse>;

/** POST /api/auth/login: the PWA's sign-in, the same answer with the spec's greeting. */
export const ZSessionLoginResponse = ZSessionResponse.extend({ message: z.string() });
export type TSessionLoginResponse = z.infer<typeof ZSessionLoginResponse>;

/** POST /api/login (rest-contract 4): the original client keeps `token` as localStorage `lfms_user`. */
export const ZLegacyLoginResponse = z.object({ token: z.string(), message: z.string() });
export type TLegacyLoginResponse = z.infer<typeof ZLegacyLoginResponse>;
