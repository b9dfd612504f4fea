import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { courtsDecl, MSG, ROLE_IDS, todayInPakistan } from '@lawfirm/shared-types';
import { useAuth } from '../../auth/AuthContext.tsx';
import {
  useCaseCategories,
  useCaseCategoryCourts,
  useCourts,
  type TCaseCategoryCourtRow,
  type TCaseCategoryRow,
  type TCourtRow,
} from '../../reference-data/useReferenceData.ts';
import { addCourtLocal } from '../../reference-data/referenceData.actions.ts';
import { useEntityRow, useSync } from '../../sync/hooks.ts';
import { FormError } from '../../ui/form.tsx';
import { type TDraft } from '../../ui/fields.ts';
import { Field } from '../../ui/forms/Field.tsx';
import { useFieldForm } from '../../ui/forms/useFieldForm.tsx';
import { rowErrors, useFieldRows } from '../../ui/forms/useFieldRows.tsx';
import { ScreenGuard } from '../../shell/ScreenGuard.tsx';
import { useSaveReport } from '../../feedback/useSaveReport.ts';
import { savePetitionLocal } from '../caseFiles.actions.ts';
import { lawyerOptions } from '../caseFiles.logic.ts';
import type { TPartyRow, TPetitionRow, TUserRow } from '../caseFiles.types.ts';
import { draftsOf, partyChanges, type TKnownName, type TPartyDraft } from '../parties.logic.ts';
import { useAllParties, useFirstSyncRunning, usePetitionParties, useUsers } from '../useCaseFiles.ts';
import { CourtField } from './CourtField.tsx';
import { LawyerField } from './LawyerField.tsx';
import { PARTY_FIELDS, PartyList } from './PartyList.tsx';
import {
  categoriesForCourt,
  COURT_TEXT,
  LAWYER_TEXT,
  lawyerIdsOf,
  PETITION_FIELDS,
  PETITION_RULES,
  petitionDraft,
  petitionRow,
} from './petitionForm.logic.ts';
import type { TCaseFormSlots } from './caseForm.slots.ts';
import '../case-files.css';

/**
 * Add / Edit Petition (/petitions/create, /petitions/edit/:id). Saves the case and its parties to the local
 * database in one transaction, so it works with no network; the next sync sends it. Other features' checks
 * of the parties come as `slots` from the app (caseForm.slots.ts).
 */
export function PetitionFormScreen({ slots }: { slots: TCaseFormSlots }) {
  return (
    <ScreenGuard permission="petitions.edit">
      <PetitionFormLoader slots={slots} />
    </ScreenGuard>
  );
}

/** Waits for the case (when editing) and every list the form offers, then opens the form once. */
function PetitionFormLoader({ slots }: { slots: TCaseFormSlots }) {
  const { id } = useParams();
  const row = useEntityRow<TPetitionRow>('petitions', id);
  // Live queries answer the previous case for a moment after the id changes: wait for this one's.
  const petition = row && row.id !== id ? undefined : row;
  const partyRows = usePetitionParties(id);
  const parties = partyRows?.every((p) => p.petition_id === id) ? partyRows : undefined;
  const courts = useCourts();
  const categories = useCaseCategories();
  const links = useCaseCategoryCourts();
  const users = useUsers();
  const allParties = useAllParties();
  const firstSync = useFirstSyncRunning();
  const title = id ? 'Edit Petition' : 'Add New Petition';

  let body;
  const loading =
    !courts || !categories || !links || !users || !allParties || (id && (petition === undefined || !parties));
  // During the first download the courts, lawyers and the case itself may still be on their way. Once the
  // form has opened it stays open (a later sync must never throw away what the user is typing).
  const [opened, setOpened] = useState(false);
  if (!opened && !loading && !firstSync) setOpened(true);
  if (loading || !opened) body = <p role="status">Loading....</p>;
  else if (id && !petition)
    body = (
      <>
        <p role="status">No Records found</p>
        <Link to="/petitions">Back</Link>
      </>
    );
  else
    body = (
      <PetitionForm
        key={id ?? 'new'}
        petition={petition ?? null}
        parties={id ? (parties ?? []) : []}
        courts={courts}
        categories={categories}
        links={links}
        users={users}
        allParties={allParties}
        slots={slots}
      />
    );
  return (
    <section className="page petition-form">
      <h1>{title}</h1>
      <div className="card">{body}</div>
    </section>
  );
}

function PetitionForm({
  petition,
  parties,
  courts,
  categories,
  links,
  users,
  allParties,
  slots,
}: {
  petition: TPetitionRow | null;
  parties: readonly TPartyRow[];
  courts: readonly TCourtRow[];
  categories: readonly TCaseCategoryRow[];
  links: readonly TCaseCategoryCourtRow[];
  users: readonly TUserRow[];
  allParties: readonly TPartyRow[];
  slots: TCaseFormSlots;
}) {
  const ctx = useSync();
  const saved = useSaveReport();
  const navigate = useNavigate();
  const { user, actor } = useAuth();
  // Captured when the form opens: what the user edits against (a change pulled meanwhile becomes a conflict).
  const [opened] = useState(() => ({ seen: petition?.field_versions, parties }));
  const petitioners = useFieldRows<TPartyDraft>(PARTY_FIELDS, () =>
    initialRows(
      parties.filter((p) => p.side !== 'opponent'),
      'p',
    ),
  );
  const opponents = useFieldRows<TPartyDraft>(PARTY_FIELDS, () =>
    initialRows(
      parties.filter((p) => p.side === 'opponent'),
      'o',
    ),
  );
  const form = useFieldForm(
    PETITION_FIELDS,
    () => petitionDraft(petition, Number(todayInPakistan().slice(0, 4)), courts),
    { schema: PETITION_RULES, dirty: petitioners.dirty || opponents.dirty },
  );
  // Not a field: the message of a save that failed.
  const [failure, setFailure] = useState<string | null>(null);
  const { draft } = form;
  // Issue 34: a party on the other side of another case of the firm, as typed and again before the save.
  const { usePartyCheck } = slots;
  const partyCheck = usePartyCheck(
    { petitioner: petitioners.rows, opponent: opponents.rows },
    petition?.id ?? null,
  );

  const lawyers = useMemo(
    () => lawyerOptions(users, petition?.lawyer_ids ?? [], user ? { id: user.id, name: user.name } : null),
    [users, petition, user],
  );
  const known = useMemo(() => knownNames(allParties, users), [allParties, users]);
  const courtId = draft.court_id ?? '';
  const savedCategory = petition?.petition_type_id ?? '';
  const categoryOptions = useMemo(
    () =>
      categoriesForCourt(categories, links, courtId, savedCategory).map((c) => ({
        value: c.id,
        label: c.abbreviation ? `${c.title} (${c.abbreviation})` : c.title,
      })),
    [categories, links, courtId, savedCategory],
  );
  // Shown as the name is typed (a name too long for the server), not only once a save was tried.
  const partyErrors = {
    ...rowErrors(PARTY_FIELDS, petitioners.rows),
    ...rowErrors(PARTY_FIELDS, opponents.rows),
  };

  // A court the case is in that the firm does not have yet: added on the device, offline too, by whoever the
  // courts' policy lets add one (lawyers and admins; the server holds the same rule).
  const addCourt =
    ctx && actor && courtsDecl.policy.canCreate(actor)
      ? (title: string) => addCourtLocal(ctx.db, title)
      : undefined;

  const chooseCourt = (id: string, text: string) => {
    const p: TDraft = { court_id: id, [COURT_TEXT]: text };
    const stillLinked = categoriesForCourt(categories, links, id, '').some(
      (c) => c.id === draft.petition_type_id,
    );
    if (!stillLinked) p.petition_type_id = '';
    form.patch(p);
  };
  const lawyerIds = lawyerIdsOf(draft.lawyer_ids);

  // Throws to keep the form unsaved (and asking before it is left).
  const save = async (values: Record<string, unknown>) => {
    setFailure(null);
    const pets = petitioners.read();
    const opps = opponents.read();
    if (!pets || !opps) throw new Error('A party name is too long.');
    if (!(await partyCheck.confirm())) throw new Error('Not saved: a possible conflict.');
    if (!ctx) {
      setFailure('The local database is not open yet.');
      throw new Error('The local database is not open yet.');
    }
    try {
      const id = await saved(
        () =>
          savePetitionLocal(ctx.db, {
            id: petition?.id ?? null,
            // An edit sends only what changed, so another device's edit of another field merges.
            values: petitionRow(petition ? form.changed() : values),
            seen: opened.seen,
            parties: partyChanges(opened.parties, {
              petitioner: petitioners.rows,
              opponent: opponents.rows,
            }),
          }),
        petition ? MSG.updatedOk : MSG.savedOk,
      );
      // Saved despite possible conflicts: the admin's audit keeps what was acknowledged.
      await partyCheck.saved(ctx.db, id);
      await navigate(`/petitions/${encodeURIComponent(id)}`);
    } catch (e) {
      setFailure(e instanceof Error ? e.message : String(e));
      throw e;
    }
  };

  return (
    <form noValidate onSubmit={form.submit(save)}>
      <FormError message={failure} />
      <div className="grid-2">
        <Field {...form.bind('case_no')} />
        <Field inputMode="numeric" {...form.bind('year')} />
      </div>
      <Field {...form.bind('title')} />
      <div className="grid-2">
        <CourtField
          courts={courts}
          value={courtId}
          onChange={chooseCourt}
          text={draft[COURT_TEXT] ?? ''}
          onText={(t) => form.set(COURT_TEXT, t)}
          onAdd={addCourt}
          error={form.errors.court_id}
        />
        <Field
          {...form.bind('petition_type_id')}
          field={{
            ...form.bind('petition_type_id').field,
            placeholder: courtId ? '--Select--' : '--Select a court first--',
            options: categoryOptions,
          }}
        />
      </div>
      <div className="grid-2">
        <LawyerField
          options={lawyers}
          value={lawyerIds}
          onChange={(ids) => form.set('lawyer_ids', ids.join(','))}
          text={draft[LAWYER_TEXT] ?? ''}
          onText={(t) => form.set(LAWYER_TEXT, t)}
        />
        <Field {...form.bind('institution_date')} />
      </div>
      <div className="grid-2">
        <PartyList
          label="Petitioner"
          rows={petitioners.rows}
          known={known}
          errors={partyErrors}
          onEdit={petitioners.edit}
          onAdd={petitioners.add}
          onRemove={petitioners.discard}
        />
        <PartyList
          label="Opponent"
          rows={opponents.rows}
          known={known}
          errors={partyErrors}
          onEdit={opponents.edit}
          onAdd={opponents.add}
          onRemove={opponents.discard}
        />
      </div>
      {partyCheck.view}
      <Field {...form.bind('is_moot_case')} />
      <div className="form-actions">
        <button type="submit" className="btn primary" disabled={form.submitting}>
          {petition ? 'Update' : 'Save'}
        </button>
        <Link className="btn" to={petition ? `/petitions/${encodeURIComponent(petition.id)}` : '/petitions'}>
          Back
        </Link>
      </div>
      {form.dialog}
      {partyCheck.dialog}
    </form>
  );
}

/** A new list starts with one empty row to type into. */
function initialRows(rows: readonly TPartyRow[], prefix: string): TPartyDraft[] {
  const drafts = draftsOf([...rows].sort((a, b) => (a.display_order ?? 0) - (b.display_order ?? 0)));
  return drafts.length ? drafts : [{ key: `${prefix}-new`, id: null, name: '', user_id: null }];
}

/** Names to suggest: every party of the cases on this device and the firm's clients (an admin's device). */
function knownNames(parties: readonly TPartyRow[], users: readonly TUserRow[]): TKnownName[] {
  const out: TKnownName[] = [];
  const seen = new Set<string>();
  const add = (name: string, user_id: string | null) => {
    const key = `${name.trim().toLowerCase()}\u0000${user_id ?? ''}`;
    if (!name.trim() || seen.has(key)) return;
    seen.add(key);
    out.push({ name: name.trim(), user_id });
  };
  for (const u of users) if (u.role_id === ROLE_IDS.CLIENT) add(u.name, u.id);
  for (const p of parties) add(p.name, p.user_id ?? null);
  return out;
}
