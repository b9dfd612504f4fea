import { z } from 'zod';
import { MSG } from '../common/messages.ts';
import { requiredText } from '../common/validation.ts';

export const ZCompanyInput = z.object({
  id: z.string().nullish(),
  name: requiredText(MSG.nameRequired, 191),
  domain: requiredText(MSG.domainRequired, 255),
});
export type TCompanyInput = z.infer<typeof ZCompanyInput>;
/** A firm as the companies screens read it (rest-contract 108–110: `id, name, domain`). */
export const ZCompany = z.object({
  id: z.string(),
  name: z.string(),
  domain: z.string().nullable(),
  is_provider: z.boolean(),
  created_at: z.string(),
});
export type TCompany = z.infer<typeof ZCompany>;

/** Host part of a domain as typed by an admin ("https://firm.example.com/" → "firm.example.com"). */
export function normaliseDomain(domain: string): string {
  const t = domain.trim().toLowerCase();
  try {
    return new URL(t.includes('://') ? t : `https://${t}`).hostname;
  } catch {
    return t;
  }
}
