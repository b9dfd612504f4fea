import { z } from 'zod';
import { decodeWith, optionalId, orNull, wireDisplayOrder, wireText } from '../common/wire.ts';
import { caseCategoriesDecl, courtsDecl, moduleTypesDecl, statutesDecl } from './reference-data.entities.ts';

/**
 * REST wire parsers of a firm's reference lists (rest-contract 60, 65, 68, 115): a new row or a list row sent
 * back (with fields we ignore, editMode…); create when no id, update otherwise. Values are decoded from the
 * client's encodings and checked by the row schema of the entity's declaration (its rules, its messages).
 */

const court = courtsDecl.schema.shape;
const category = caseCategoriesDecl.schema.shape;
const moduleType = moduleTypesDecl.schema.shape;
const statute = statutesDecl.schema.shape;

export const ZCourtInput = z.object({
  id: optionalId,
  title: court.title,
  short_title: orNull(decodeWith(wireText, court.short_title)),
});
export type TCourtInput = z.infer<typeof ZCourtInput>;

export const ZStatuteInput = z.object({
  id: optionalId,
  title: statute.title,
  display_order: wireDisplayOrder(statute.display_order),
});
export type TStatuteInput = z.infer<typeof ZStatuteInput>;

export const ZModuleTypeInput = z.object({
  id: optionalId,
  module_id: moduleType.module_id,
  title: moduleType.title,
  display_order: wireDisplayOrder(moduleType.display_order),
});
export type TModuleTypeInput = z.infer<typeof ZModuleTypeInput>;

const MSG_COURT_IDS = 'The courts must be a list of court ids.';
export const ZPetitionTypeInput = z.object({
  id: optionalId,
  title: category.title,
  abbreviation: orNull(decodeWith(wireText, category.abbreviation)),
  /** Absent on an inline edit that does not touch the courts: the links stay as they are. */
  court_ids: z
    .array(z.union([z.string(), z.number()], { error: MSG_COURT_IDS }).transform(String), {
      error: MSG_COURT_IDS,
    })
    .nullish()
    .transform((v) => (v == null ? null : [...new Set(v)])),
});
export type TPetitionTypeInput = z.infer<typeof ZPetitionTypeInput>;
