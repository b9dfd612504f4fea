import { z } from 'zod';
import { MSG_FIR_SECTION_REQUIRED } from './fir.entities.ts';
import { cutText } from '../common/text-cut.ts';

const text = (max: number) =>
  z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .pipe(z.string().max(max, { error: `The field may not be greater than ${max} characters.` }))
    .nullish();

/**
 * The FIR reader's search (part 3 §3 "FIR search input", rest-contract 121): the FIR's police station, number
 * and year, and its section rows, each needing a section ("Section field is required").
 */
export const ZFirSearch = z.object({
  filterSections: z
    .array(
      z.object({
        section: z
          .union([z.string(), z.number()], { error: MSG_FIR_SECTION_REQUIRED })
          .transform((v) => String(v).trim())
          .pipe(z.string().min(1, { error: MSG_FIR_SECTION_REQUIRED }).max(50)),
        statute_id: z.string().max(200).nullish(),
      }),
      { error: MSG_FIR_SECTION_REQUIRED },
    )
    .min(1, { error: MSG_FIR_SECTION_REQUIRED })
    .max(50),
  sectionData: z
    .object({ police_station: text(200), fir_no: text(50), year: text(10) })
    .nullish()
    .transform((v) => v ?? {}),
});
export type TFirSearch = z.output<typeof ZFirSearch>;
export type TFirSearchInput = z.input<typeof ZFirSearch>;

/** The list's filters (rest-contract 117). */
export const ZFirSectionsQuery = z.object({
  section: z.string().max(50).optional(),
  title: z.string().max(200).optional(),
  statute_id: z.string().max(200).optional(),
  page: z.coerce.number().int().min(1).max(100_000).optional(),
});

/** The list's page size (the spec leaves it to the server). */
export const FIR_SECTIONS_PER_PAGE = 20;
/** Titles in the list are cut at 50 characters with an ellipsis (part 3 §9). */
export const cutTitle = (t: string, max = 50): string => cutText(t, max, max);
