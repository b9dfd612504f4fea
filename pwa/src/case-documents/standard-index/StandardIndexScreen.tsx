import { useParams } from 'react-router';
import { PetitionTabs, type TPetitionTab } from '../../case-files/page/PetitionTabs.tsx';
import { Breadcrumb } from '../Breadcrumb.tsx';
import { DocumentViewerScreen } from '../DocumentViewerScreen.tsx';
import { IndexedDocumentList } from '../IndexedDocumentList.tsx';
import { DOCUMENT_KINDS, petitionPath, standardKindOf } from '../kinds.ts';
import { NotFound } from '../ReplyParentsScreen.tsx';
import { useCanEditCase, usePetition, usePetitionTitle } from '../useCaseDocuments.ts';

/**
 * A standard index list of a case file (part 2 §2.3, /standard-index/{petition_id}/{module_type}): the one
 * indexed document list with the module's entity, under the petition's tabs. Editors add, edit inline,
 * delete and reorder (drag and drop, or Move up / Move down from the keyboard).
 */
export function StandardIndexScreen() {
  const { petition_id: petitionId = '', module_type: moduleType } = useParams();
  const kind = standardKindOf(moduleType);
  const petition = usePetition(petitionId);
  const caseTitle = usePetitionTitle(petition);
  const canEdit = useCanEditCase();
  if (!kind || petition === null) return <NotFound />;
  const title = DOCUMENT_KINDS[kind].caption;
  return (
    <section className="page case-documents">
      <Breadcrumb trail={[{ label: caseTitle, to: petitionPath(petitionId) }]} current={title} />
      <PetitionTabs petitionId={petitionId} current={kind.replace('_', '-') as TPetitionTab} />
      <h1>{title}</h1>
      {petition === undefined ? (
        <p role="status">Loading....</p>
      ) : (
        <IndexedDocumentList key={kind} kind={kind} petitionId={petitionId} canEdit={canEdit} />
      )}
    </section>
  );
}

/** One entry of a standard index list (/standard-index-details/{module_id}/{module_type}): the one viewer. */
export function StandardIndexDetailsScreen() {
  const { module_id: id = '', module_type: moduleType } = useParams();
  const kind = standardKindOf(moduleType);
  if (!kind) return <NotFound />;
  return <DocumentViewerScreen key={kind} kind={kind} id={id} />;
}
