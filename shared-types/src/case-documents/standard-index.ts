/**
 * The standard index lists (part 2 §2.3): four indexed document lists of a case file, each a declaration of
 * the petition index's one implementation. A module names its route segment and entity (`module_type`, the
 * same word), its attachment owner (the original API's model name) and its page title; nothing else differs.
 * No imports: the case-file entities and the screens both read this list.
 */
export const STANDARD_INDEX_MODULES = [
  { module_type: 'oral_arguments', model: 'OralArgument', title: 'Oral Arguments' },
  { module_type: 'case_laws', model: 'CaseLaw', title: 'Case Laws' },
  { module_type: 'extra_documents', model: 'ExtraDocument', title: 'Extra Documents' },
  { module_type: 'judgements', model: 'Judgement', title: 'Judgements' },
] as const;

export type TStandardIndexModule = (typeof STANDARD_INDEX_MODULES)[number];
export type TStandardModuleType = TStandardIndexModule['module_type'];
export type TStandardModel = TStandardIndexModule['model'];

export const STANDARD_MODULE_TYPES: readonly TStandardModuleType[] = STANDARD_INDEX_MODULES.map(
  (m) => m.module_type,
);

/** The module a route's or a client's `module_type` names, or undefined. */
export const standardModule = (moduleType: unknown): TStandardIndexModule | undefined =>
  STANDARD_INDEX_MODULES.find((m) => m.module_type === moduleType);

/** The module of an attachment owner kind (`CaseLaw`), or undefined. */
export const standardModuleOfModel = (model: unknown): TStandardIndexModule | undefined =>
  STANDARD_INDEX_MODULES.find((m) => m.model === model);

/** The original API's class name of a module's rows (`model_type`; the client strips the first 11 characters). */
export const standardModelType = (m: TStandardIndexModule): string => `App\\Models\\${m.model}`;

export const standardIndexPath = (petitionId: string, moduleType: string): string =>
  `/standard-index/${encodeURIComponent(petitionId)}/${moduleType}`;
export const standardIndexDetailsPath = (id: string, moduleType: string): string =>
  `/standard-index-details/${encodeURIComponent(id)}/${moduleType}`;

/**
 * The module a client names by `model_type` or `model`: the class (`App\Models\CaseLaw`), the bare model
 * (`CaseLaw`) or the route's module type (`case_laws`, as the original StandardIndex page sends it).
 */
export function standardModuleNamed(raw: unknown): TStandardIndexModule | undefined {
  if (typeof raw !== 'string') return undefined;
  const name = raw.trim().replace(/^App\\Models\\/, '');
  return standardModule(name) ?? standardModuleOfModel(name);
}
