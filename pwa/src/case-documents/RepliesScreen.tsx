import { useParams } from 'react-router';
import { Breadcrumb } from './Breadcrumb.tsx';
import { IndexedDocumentList } from './IndexedDocumentList.tsx';
import { petitionPath, replyParentsPath } from './kinds.ts';
import { NotFound } from './ReplyParentsScreen.tsx';
import { useCanEditCase, usePetition, usePetitionTitle, useReplyParent } from './useCaseDocuments.ts';

/** The replies under one reply heading (part 1 §2 Petition replies, /petition-replies/{heading id}). */
export function RepliesScreen() {
  const { id = '' } = useParams();
  const parent = useReplyParent(id);
  const petition = usePetition(parent?.petition_id);
  const caseTitle = usePetitionTitle(petition);
  const canEdit = useCanEditCase();
  if (parent === null) return <NotFound />;
  if (parent === undefined)
    return (
      <section className="page" role="status">
        Loading....
      </section>
    );
  return (
    <section className="page case-documents">
      <Breadcrumb
        trail={[
          { label: caseTitle, to: petitionPath(parent.petition_id) },
          { label: 'Replies', to: replyParentsPath(parent.petition_id) },
        ]}
        current={parent.title}
      />
      <h1>{parent.title}</h1>
      <IndexedDocumentList kind="reply" petitionId={parent.petition_id} parentId={id} canEdit={canEdit} />
    </section>
  );
}
