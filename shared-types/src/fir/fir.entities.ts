import { z } from 'zod';
import { optionalText, requiredText, tooLong } from '../common/validation.ts';
import { defineEntity, permissionPolicy } from '../sync/entity.ts';

/** The FIR section form's messages (part 3 §5), spelt as the spec gives them (no full stop). */
export const MSG_FIR_STATUTE_REQUIRED = 'Statute field is required';
export const MSG_FIR_TITLE_REQUIRED = 'Title field is required';
export const MSG_FIR_SECTION_REQUIRED = 'Section field is required';
export const MSG_FIR_LINK_INVALID = 'The link must be a web address starting with http:// or https://.';

/** A classification field of the Second Schedule: free text an admin completes. */
const info = (max: number) => optionalText(max);

/**
 * A section of a statute as the FIR reader shows it (part 3 §2.17), with its Second Schedule classification.
 * The original API's names are kept (`fir_no` is the section number, `defination`, `warrent_info`).
 */
export const firSectionsDecl = defineEntity({
  name: 'fir_sections',
  columns: {
    id: 'text',
    company_id: 'text',
    statute_id: 'text',
    title: 'text',
    fir_no: 'text',
    defination: 'text',
    link: 'text',
    arrest_info: 'text',
    warrent_info: 'text',
    bailable_info: 'text',
    compoundable_info: 'text',
    punishment_info: 'text',
    court_triable: 'text',
    note: 'text',
  },
  writable: [
    'statute_id',
    'title',
    'fir_no',
    'defination',
    'link',
    'arrest_info',
    'warrent_info',
    'bailable_info',
    'compoundable_info',
    'punishment_info',
    'court_triable',
    'note',
  ],
  schema: z.object({
    statute_id: z.string({ error: MSG_FIR_STATUTE_REQUIRED }).min(1, { error: MSG_FIR_STATUTE_REQUIRED }),
    title: requiredText(MSG_FIR_TITLE_REQUIRED, 500),
    fir_no: requiredText(MSG_FIR_SECTION_REQUIRED, 50),
    defination: info(20_000),
    link: z
      .string()
      .trim()
      .max(2000, tooLong(2000))
      .refine((u) => !u || (/^https?:\/\//i.test(u) && URL.canParse(u)), { error: MSG_FIR_LINK_INVALID })
      .nullish()
      .transform((v) => (v ? v : null)),
    arrest_info: info(1000),
    warrent_info: info(1000),
    bailable_info: info(1000),
    compoundable_info: info(1000),
    punishment_info: info(2000),
    court_triable: info(1000),
    note: info(2000),
  }),
  indexes: ['fir_no', 'statute_id'],
  parents: [{ column: 'statute_id', entity: 'statutes', message: MSG_FIR_STATUTE_REQUIRED }],
  // Every member reads the firm's sections (and visitors its public snapshot); admins edit them.
  policy: permissionPolicy('referenceData.manage'),
});

export const FIR_ENTITIES = [firSectionsDecl] as const;
