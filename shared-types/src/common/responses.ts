import { z } from 'zod';

/**
 * Answer shapes shared by the documented calls (rest-contract "Conventions"): the server declares them as its
 * response schemas, and the PWA reads the same types.
 */

/** Most writes answer a message the client shows as it is. */
export const ZMessageResponse = z.object({ message: z.string() });
export type TMessageResponse = z.infer<typeof ZMessageResponse>;

/**
 * Every error: `{message}`, and for invalid input `validation_error.<field>[0]` as the original client reads
 * it. Open, since a few calls add keys of their own (`contact_person_validation_error`, `error`, `offset`).
 */
export const ZErrorResponse = z.looseObject({
  message: z.string(),
  validation_error: z.record(z.string(), z.array(z.string())).optional(),
});
export type TErrorResponse = z.infer<typeof ZErrorResponse>;

/** A Laravel paginator as the original client reads one (`X.data` plus the page numbers). */
export const zPaginator = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    current_page: z.number().int(),
    from: z.number().int().nullable(),
    to: z.number().int().nullable(),
    total: z.number().int(),
    per_page: z.number().int(),
    last_page: z.number().int(),
  });

/** One page of `total` rows in the paginator shape (`page` counts from 1; an empty page has no from/to). */
export function toPaginator<T>(data: T[], page: number, perPage: number, total: number) {
  const from = data.length ? (page - 1) * perPage + 1 : null;
  return {
    data,
    current_page: page,
    from,
    to: from === null ? null : from + data.length - 1,
    total,
    per_page: perPage,
    last_page: Math.max(1, Math.ceil(total / perPage)),
  };
}
