import { IndexedDocumentList } from '../case-documents/IndexedDocumentList.tsx';
import type { TCasePageSlots } from '../case-files/page/casePage.slots.ts';
import { PetitionScreen } from '../case-files/page/PetitionScreen.tsx';
import type { TPetitionPage } from '../case-files/page/petitionPage.data.ts';
import { RecordHearingButton } from '../court-day/RecordHearingButton.tsx';
import { TellClientButton } from '../tell-client/TellClient.tsx';

/**
 * The case page (/petitions/:id) with what other features put on it: the case files' screen knows none of
 * them (docs/architecture.md, Rooms). One chunk, loaded by the route (routes.tsx) and by the cold start's
 * preload (route-preloads.ts).
 */

/** The page's body: the petition index, from the page's one query. */
function PetitionIndex({
  petitionId,
  page,
  canEdit,
}: {
  petitionId: string;
  page: TPetitionPage;
  canEdit: boolean;
}) {
  return <IndexedDocumentList kind="index" petitionId={petitionId} canEdit={canEdit} rows={page.index} />;
}

/** Telling the client (issue 34), with the case's history of it: for those who may edit the case. */
function TellClient({ petitionId, canEdit }: { petitionId: string; canEdit: boolean }) {
  return canEdit ? <TellClientButton petitionId={petitionId} history /> : null;
}

/** Recording today's hearing (issue 34): the button checks who may. */
function RecordHearing({ petitionId }: { petitionId: string }) {
  return <RecordHearingButton petitionId={petitionId} />;
}

const CASE_PAGE_SLOTS: TCasePageSlots = {
  Body: PetitionIndex,
  actions: [
    { key: 'tell-client', Action: TellClient },
    { key: 'record-hearing', Action: RecordHearing },
  ],
};

export function CasePageScreen() {
  return <PetitionScreen slots={CASE_PAGE_SLOTS} />;
}
