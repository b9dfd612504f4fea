import { z } from 'zod';

export * from './modules.ts';

/**
 * Rows as the reference calls answer them (rest-contract 59–69, 114). The inputs are REST wire parsers over the
 * entities' row schemas, in reference-data.wire.ts.
 */
export const ZCourt = z.object({ id: z.string(), title: z.string(), short_title: z.string().nullable() });
export type TCourt = z.infer<typeof ZCourt>;

export const ZStatute = z.object({ id: z.string(), title: z.string(), display_order: z.number() });
export type TStatute = z.infer<typeof ZStatute>;

export const ZModuleType = z.object({
  id: z.string(),
  module_id: z.number(),
  title: z.string(),
  display_order: z.number(),
});
export type TModuleType = z.infer<typeof ZModuleType>;

export const ZPetitionType = z.object({
  id: z.string(),
  title: z.string(),
  abbreviation: z.string().nullable(),
  court_ids: z.array(z.string()),
  petition_type_courts: z.array(z.object({ court: z.object({ id: z.string(), title: z.string() }) })),
});
export type TPetitionType = z.infer<typeof ZPetitionType>;
