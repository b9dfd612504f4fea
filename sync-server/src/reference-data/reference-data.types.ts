import { z } from 'zod';
import {
  decodeWith,
  moduleTypesDecl,
  queryText,
  ZCourt,
  ZModuleType,
  ZPetitionType,
  ZStatute,
} from '@lawfirm/shared-types';
import { ZSelectOption } from '../auth/original-client.ts';

/** GET /api/courts (rest-contract 59) takes no filters. */
export const ZCourtsQuery = z.object({});
export const ZCourtsResponse = z.object({ courts: z.array(ZCourt), page_title: z.string() });

/** GET /api/get_court_names (62): the case category form's court select reads `label` and `value`. */
export const ZCourtNamesResponse = z.object({ courts: z.array(ZCourt.extend(ZSelectOption.shape)) });

/** GET /api/petition_types (63): `title`, `court_id`. */
export const ZPetitionTypesQuery = z.object({ title: queryText, court_id: queryText });
export const ZPetitionTypesResponse = z.object({
  petition_types: z.array(ZPetitionType),
  page_title: z.string(),
});

/** GET /api/petition_types/{id} (64): the edit form reads the chosen courts as court_ids_array. */
export const ZPetitionTypeResponse = z.object({
  petition_type: ZPetitionType.extend({ court_ids_array: z.array(z.string()) }),
});

/** GET /api/module_types (67): `module_id` absent or empty lists every module; anything else must be one. */
export const ZModuleTypesQuery = z.object({
  module_id: decodeWith(queryText, moduleTypesDecl.schema.shape.module_id.optional()),
});
export const ZModuleTypesResponse = z.object({ moduleTypes: z.array(ZModuleType) });

/** GET /api/statutes (114): `title`. */
export const ZStatutesQuery = z.object({ title: queryText });
export const ZStatutesResponse = z.object({ statutes: z.array(ZStatute) });

/** POST on a reference list (60, 65, 68, 115): the saved row under the list's own key, and the message. */
export const zSavedRowResponse = <R extends z.ZodType>(rowKey: string, row: R) =>
  z.object({ [rowKey]: row.optional(), message: z.string() });

/** The module type reads of the dated document modules (43), each under its own key. */
export const zModuleTypeReadResponse = (key: string) => z.object({ [key]: z.array(ZModuleType) });
