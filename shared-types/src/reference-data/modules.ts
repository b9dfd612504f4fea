// The document modules' ids and labels, apart from the schemas: screens read them without loading zod.

/** Module ids of part 2 §9: the four dated document modules whose types admins edit. */
export const MODULE_IDS = { ORDER_SHEET: 1, NAQAL_FORM: 2, TALBANA: 3, SYNOPSIS: 4 } as const;
export const MODULE_LABELS: Record<number, string> = {
  1: 'Order Sheet',
  2: 'Naqal Form',
  3: 'Talbana',
  4: 'Synopsis',
};
export const MSG_MODULE_REQUIRED = 'Module field is required.';
