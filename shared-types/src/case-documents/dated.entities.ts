import { z } from 'zod';
import { can } from '../auth/permissions.ts';
import { MSG } from '../common/messages.ts';
import { optionalText } from '../common/validation.ts';
import type { TEntityPolicy } from '../sync/entity.ts';
import { canDeleteDated, datedFields, MSG_DATE_REQUIRED, type TDatedModule } from './dated.modules.ts';

/** The columns a dated module adds to a case file's row: title, type, date, description. */
export const datedColumns = <P extends string>(m: TDatedModule<string, P>) => {
  const f = datedFields(m);
  return { title: 'text', [f.type]: 'text', [f.date]: 'text', description: 'text' } as {
    title: 'text';
    description: 'text';
  } & { [K in `${P}_type_id` | `${P}_date`]: 'text' };
};

const date = z
  .string({ error: MSG_DATE_REQUIRED })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: MSG_DATE_REQUIRED });
const title = (required: boolean) =>
  required
    ? z.string({ error: MSG.titleRequired }).trim().min(1, { error: MSG.titleRequired }).max(500)
    : optionalText(500);

/** The row schema's own fields, with the spec's messages (part 2 §5): a date always, a title but on order sheets. */
export const datedShape = <P extends string>(m: TDatedModule<string, P>) => {
  const f = datedFields(m);
  return {
    title: title(m.titleRequired),
    [f.date]: date,
    [f.type]: z.string().max(200).nullish(),
    description: optionalText(5000),
  } as unknown as { title: z.ZodType<string | null | undefined, unknown> } & {
    [K in `${P}_date`]: typeof date;
  } & {
    [K in `${P}_type_id`]: z.ZodType<string | null | undefined, unknown>;
  } & { description: ReturnType<typeof optionalText> };
};

/** A case file's rows: admins and lawyers create and edit; deleting by the module's rule. */
export const datedPolicy = (m: TDatedModule, readScope: TEntityPolicy['readScope']): TEntityPolicy => {
  return {
    readScope,
    canCreate: (a) => can(a, 'petitions.edit'),
    canUpdate: (a) => (can(a, 'petitions.edit') ? true : MSG.forbidden),
    canDelete: (a, row) => canDeleteDated(m, a, row),
  };
};
