import type { TPushResponse } from '@lawfirm/shared-types';
import { newId } from '../src/db/ids.ts';

/** A signed-in POST answering its JSON body (app.inject or fetch against a running server). */
export type PostJson = (url: string, body: object) => Promise<unknown>;

/**
 * Names an uploaded file from an attachment of a new case file, as a device's attachment row does once its
 * bytes are up: a file is downloaded by its hash only by someone who may read a row naming it.
 */
export async function attachUploadedFile(
  post: PostJson,
  file: { sha256: string; size: number; mime: string; name: string },
): Promise<{ petitionId: string }> {
  const { petition_id } = (await post('/api/petitions', { case_no: '1', title: 'Uploads' })) as {
    petition_id: string;
  };
  const item = (await post('/api/petitions_index', { petition_id, document_description: 'Upload' })) as {
    petition_index: { id: string };
  };
  const values = {
    petition_id,
    owner_type: 'PetitionIndex',
    owner_id: item.petition_index.id,
    sha256: file.sha256,
    file_name: file.name,
    mime_type: file.mime,
    size: file.size,
  };
  const pushed = (await post('/sync/push', {
    clientId: `attach-${newId()}`,
    mutations: [{ id: 1, name: 'put', args: { entity: 'attachments', id: newId(), values } }],
  })) as TPushResponse;
  if (pushed.results[0]?.status !== 'applied')
    throw new Error(`attachment not saved: ${JSON.stringify(pushed)}`);
  return { petitionId: petition_id };
}
