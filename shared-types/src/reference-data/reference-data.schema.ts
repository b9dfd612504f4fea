import { z } from 'zod';

/** Module ids of part 2 §9: the four dated document modules whose types admins edit. */
export const MODULE_IDS = { ORDER_SHEET: 1, NAQAL_FORM: 2, TALBANA: 3, SYNOPSIS: 4 } as const;
export const MODULE_LABELS: Record<number, string> = {
  1: 'Order Sheet',
  2: 'Naqal Form',
  3: 'Talbana',
  4: 'Synopsis',
};
export const MSG_MODULE_REQUIRED = 'Module field is required.';

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
