import { z } from 'zod';
import { MSG } from '../common/messages.ts';
import { optionalText, requiredText } from '../common/validation.ts';

/** Module ids of part 2 §9: the four dated document modules whose types admins edit. */
export const MODULE_IDS = { ORDER_SHEET: 1, NAQAL_FORM: 2, TALBANA: 3, SYNOPSIS: 4 } as const;
export const MODULE_LABELS: Record<number, string> = {
  1: 'Order Sheet',
  2: 'Naqal Form',
  3: 'Talbana',
  4: 'Synopsis',
};
export const MSG_MODULE_REQUIRED = 'Module field is required.';
const VALID_MODULE_IDS = new Set<number>(Object.values(MODULE_IDS));

/** Display order inputs: a non-negative whole number; empty means "put it last". */
// (A union that merely includes z.undefined() still makes the key required in zod 4; .optional() does not.)
const displayOrder = z
  .union([z.number(), z.string(), z.null()])
  .optional()
  .transform((v, ctx) => {
    if (v === null || v === undefined || v === '') return null;
    const n = Number(v);
    if (!Number.isInteger(n) || n < 0 || n > 1_000_000) {
      ctx.addIssue({ code: 'custom', message: 'The display order must be a whole number of 0 or more.' });
      return z.NEVER;
    }
    return n;
  });

/** Ids arrive as strings; a client sending a list row back also sends fields we ignore (editMode…). */
const optionalId = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((v) => (v === null || v === undefined || v === '' ? null : String(v)));

export const ZCourtInput = z.object({
  id: optionalId,
  title: requiredText(MSG.titleRequired, 255),
  short_title: optionalText(100),
});
export type TCourtInput = z.infer<typeof ZCourtInput>;
export type TCourt = { id: string; title: string; short_title: string | null };

export const ZStatuteInput = z.object({
  id: optionalId,
  title: requiredText(MSG.titleRequired, 255),
  display_order: displayOrder,
});
export type TStatuteInput = z.infer<typeof ZStatuteInput>;
export type TStatute = { id: string; title: string; display_order: number };

export const ZModuleTypeInput = z.object({
  id: optionalId,
  module_id: z
    .union([z.number(), z.string(), z.null()], { error: MSG_MODULE_REQUIRED })
    .optional()
    .transform((v, ctx) => {
      const n = Number(v);
      if (v === null || v === undefined || v === '' || !VALID_MODULE_IDS.has(n)) {
        ctx.addIssue({ code: 'custom', message: MSG_MODULE_REQUIRED });
        return z.NEVER;
      }
      return n;
    }),
  title: requiredText(MSG.titleRequired, 255),
  display_order: displayOrder,
});
export type TModuleTypeInput = z.infer<typeof ZModuleTypeInput>;
export type TModuleType = { id: string; module_id: number; title: string; display_order: number };

export const ZPetitionTypeInput = z.object({
  id: optionalId,
  title: requiredText(MSG.titleRequired, 255),
  abbreviation: optionalText(50),
  /** Absent on an inline edit that does not touch the courts: the links stay as they are. */
  court_ids: z
    .array(z.union([z.string(), z.number()]).transform(String), {
      error: 'The courts must be a list of court ids.',
    })
    .nullish()
    .transform((v) => (v == null ? null : [...new Set(v)])),
});
export type TPetitionTypeInput = z.infer<typeof ZPetitionTypeInput>;
export type TPetitionType = {
  id: string;
  title: string;
  abbreviation: string | null;
  court_ids: string[];
  petition_type_courts: { court: { id: string; title: string } }[];
};
