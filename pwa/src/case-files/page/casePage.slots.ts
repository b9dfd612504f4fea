import type { ComponentType } from 'react';
import type { TPetitionPage } from './petitionPage.data.ts';

/**
 * What other features put on the case page, handed in by the app (app/casePage.slots.tsx) so the case files know
 * none of them: the page's body under its tabs (the petition index, a case-documents list) and actions after the
 * case's own in its heading (telling the client, recording a hearing), drawn in the order given.
 */
export type TCasePageSlots = {
  /** Drawn from the page's one query (`page.index`), so the page renders once, whole. */
  Body: ComponentType<{ petitionId: string; page: TPetitionPage; canEdit: boolean }>;
  /** `canEdit`: the user may edit the case (each action checks its own permissions too). */
  actions: readonly { key: string; Action: ComponentType<{ petitionId: string; canEdit: boolean }> }[];
};
