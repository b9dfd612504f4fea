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
import {
  CheckboxField,
  DATE_MASK,
  FormError,
  MaskedField,
  SelectField,
  TextField,
  useForm,
} from '../../ui/form.tsx';
import { ScreenGuard } from '../../shell/ScreenGuard.tsx';
import { useDiscardGuard } from '../../ui/useDiscardGuard.tsx';
import { useSaveReport } from '../../feedback/useSaveReport.ts';
import { savePetitionLocal } from '../caseFiles.actions.ts';
import { lawyerOptions } from '../caseFiles.logic.ts';
import type { TPartyRow, TPetitionRow, TUserRow } from '../caseFiles.types.ts';
import { draftsOf, partyChanges, partyErrors, type TKnownName, type TPartyDraft } from '../parties.logic.ts';
import { useAllParties, useFirstSyncRunning, usePetitionParties, useUsers } from '../useCaseFiles.ts';
import { CourtField } from './CourtField.tsx';
import { LawyerField } from './LawyerField.tsx';
import { PartyList } from './PartyList.tsx';
import {
  categoriesForCourt,
  changedFields,
  initialValues,
  petitionValues,
  validatePetition,
  type TPetitionValues,
} from './petitionForm.logic.ts';
import '../case-files.css';

/**
 * Add / Edit Petition (/petitions/create, /petitions/edit/:id). Saves the case and its parties to the local
 * database in one transaction, so it works with no network; the next sync sends it.
 */
export function PetitionFormScreen() {
  return (
    <ScreenGuard permission="petitions.edit">
      <PetitionFormLoader />
    </ScreenGuard>
  );
}

/** Waits for the case (when editing) and every list the form offers, then opens the form once. */
function PetitionFormLoader() {
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
}: {
  petition: TPetitionRow | null;
  parties: readonly TPartyRow[];
  courts: readonly TCourtRow[];
  categories: readonly TCaseCategoryRow[];
  links: readonly TCaseCategoryCourtRow[];
  users: readonly TUserRow[];
  allParties: readonly TPartyRow[];
}) {
  const ctx = useSync();
  const saved = useSaveReport();
  const navigate = useNavigate();
  const { user, actor } = useAuth();
  // Captured when the form opens: what the user edits against (a change pulled meanwhile becomes a conflict).
  const [opened] = useState(() => ({
    values: initialValues(petition, Number(todayInPakistan().slice(0, 4))),
    seen: petition?.field_versions,
    parties,
  }));
  const form = useForm<TPetitionValues>(opened.values, validatePetition);
  const [lawyerIds, setLawyerIds] = useState<string[]>(() => petition?.lawyer_ids ?? []);
  const [petitioners, setPetitioners] = useState<TPartyDraft[]>(() =>
    initialRows(
      parties.filter((p) => p.side !== 'opponent'),
      'p',
    ),
  );
  const [opponents, setOpponents] = useState<TPartyDraft[]>(() =>
    initialRows(
      parties.filter((p) => p.side === 'opponent'),
      'o',
    ),
  );
  const [failure, setFailure] = useState<string | null>(null);
  // The lists as the form opened with them: a change replaces them (their editors never change one in place).
  const [firstLists] = useState(() => ({ lawyerIds, petitioners, opponents }));
  const guard = useDiscardGuard(
    !form.submitting &&
      (form.dirty ||
        lawyerIds !== firstLists.lawyerIds ||
        petitioners !== firstLists.petitioners ||
        opponents !== firstLists.opponents),
  );

  const lawyers = useMemo(
    () => lawyerOptions(users, petition?.lawyer_ids ?? [], user ? { id: user.id, name: user.name } : null),
    [users, petition, user],
  );
  const known = useMemo(() => knownNames(allParties, users), [allParties, users]);
  const courtId = form.values.court_id;
  const categoryOptions = useMemo(
    () =>
      categoriesForCourt(categories, links, courtId, opened.values.petition_type_id).map((c) => ({
        value: c.id,
        label: c.abbreviation ? `${c.title} (${c.abbreviation})` : c.title,
      })),
    [categories, links, courtId, opened.values.petition_type_id],
  );
  const rowErrors = { ...partyErrors(petitioners), ...partyErrors(opponents) };

  // A court the case is in that the firm does not have yet: added on the device, offline too, by whoever the
  // courts' policy lets add one (lawyers and admins; the server holds the same rule).
  const addCourt =
    ctx && actor && courtsDecl.policy.canCreate(actor)
      ? (title: string) => addCourtLocal(ctx.db, title)
      : undefined;

  const chooseCourt = (id: string) => {
    form.setValue('court_id', id);
    const stillLinked = categoriesForCourt(categories, links, id, '').some(
      (c) => c.id === form.values.petition_type_id,
    );
    if (!stillLinked) form.setValue('petition_type_id', '');
  };

  const save = async (v: TPetitionValues) => {
    setFailure(null);
    if (Object.keys(rowErrors).length) return;
    if (!ctx) return setFailure('The local database is not open yet.');
    const values = petitionValues(v, lawyerIds);
    try {
      const id = await saved(
        () =>
          savePetitionLocal(ctx.db, {
            id: petition?.id ?? null,
            values: petition ? changedFields(petition, values) : values,
            seen: opened.seen,
            parties: partyChanges(opened.parties, { petitioner: petitioners, opponent: opponents }),
          }),
        petition ? MSG.updatedOk : MSG.savedOk,
      );
      await navigate(`/petitions/${encodeURIComponent(id)}`);
    } catch (e) {
      setFailure(e instanceof Error ? e.message : String(e));
    }
  };

  return (
    <form noValidate onSubmit={form.handleSubmit(save)}>
      <FormError message={failure} />
      <div className="grid-2">
        <TextField label="Case No" required maxLength={50} {...form.bind('case_no')} />
        <TextField label="Year" inputMode="numeric" maxLength={4} {...form.bind('year')} />
      </div>
      <TextField label="Title" required maxLength={500} {...form.bind('title')} />
      <div className="grid-2">
        <CourtField courts={courts} value={courtId} onChange={chooseCourt} onAdd={addCourt} />
        <SelectField
          label="Case Category"
          placeholder={courtId ? '--Select--' : '--Select a court first--'}
          options={categoryOptions}
          {...form.bind('petition_type_id')}
        />
      </div>
      <div className="grid-2">
        <LawyerField options={lawyers} value={lawyerIds} onChange={setLawyerIds} />
        <MaskedField mask={DATE_MASK} label="Date of Institution" {...form.bind('institution_date')} />
      </div>
      <div className="grid-2">
        <PartyList
          label="Petitioner"
          rows={petitioners}
          known={known}
          errors={rowErrors}
          onChange={setPetitioners}
        />
        <PartyList
          label="Opponent"
          rows={opponents}
          known={known}
          errors={rowErrors}
          onChange={setOpponents}
        />
      </div>
      <CheckboxField label="Is Moot Case" {...form.bindCheck('is_moot_case')} />
      <div className="form-actions">
        <button type="submit" className="btn primary" disabled={form.submitting}>
          {petition ? 'Update' : 'Save'}
        </button>
        <Link className="btn" to={petition ? `/petitions/${encodeURIComponent(petition.id)}` : '/petitions'}>
          Back
        </Link>
      </div>
      {guard.dialog}
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
