import { useMemo, useState } from 'react';
import type { TComboOption } from '../../ui/Combobox.tsx';
import type { TField } from '../../ui/fields.ts';
import { Field } from '../../ui/forms/Field.tsx';
import { courtToAdd } from './petitionForm.logic.ts';

const SHOWN_MAX = 50;
/** The key of the "Add '…'" choice: never a court's id (ids are UUIDs). */
const ADD_KEY = 'add-court';

/** The Court field: the chosen court's id is stored; its name (or what is typed to find one) is shown. */
export const COURT_FIELD: TField = { key: 'court_id', label: 'Court', kind: 'autocomplete' };

/**
 * The searchable Court select: type part of a court's name and pick it. Leaving the field with text that
 * names no court puts back the chosen court, so a half-typed name is never saved as if chosen. The typed
 * text and the chosen id are the form's draft (`text`, `value`).
 *
 * With `onAdd` (a user who may add courts), a name that matches no court is offered as "Add '…'" after the
 * courts it partly matches (last, so Enter on a partial name still picks the existing court): picking it adds
 * the court (on the device, offline too) and chooses it, in two taps.
 */
export function CourtField({
  courts,
  value,
  onChange,
  text,
  onText,
  onAdd,
  error,
}: {
  courts: readonly { id: string; title: string }[];
  value: string;
  /** A court chosen: its id, and the name the field then shows. */
  onChange: (courtId: string, text: string) => void;
  text: string;
  onText: (text: string) => void;
  /** Adds a court of this title and answers its id. */
  onAdd?: ((title: string) => Promise<string>) | undefined;
  error?: string | undefined;
}) {
  const titleOf = (courtId: string) => courts.find((c) => c.id === courtId)?.title ?? '';
  // Not a field: the message of an add that failed, shown until the next try.
  const [addFailed, setAddFailed] = useState<string | null>(null);
  const toAdd = onAdd ? courtToAdd(text, courts) : null;
  const options = useMemo<TComboOption[]>(() => {
    const q = text.trim().toLowerCase();
    // Showing the chosen court's own name lists every court, as a select would.
    const all = !q || courts.some((c) => c.id === value && c.title.toLowerCase() === q);
    const matches = courts
      .filter((c) => all || c.title.toLowerCase().includes(q))
      .slice(0, SHOWN_MAX)
      .map((c) => ({ key: c.id, label: c.title }));
    return toAdd ? [...matches, { key: ADD_KEY, label: `Add '${toAdd}'` }] : matches;
  }, [courts, text, value, toAdd]);

  const leave = () => {
    const q = text.trim().toLowerCase();
    if (!q) return onChange('', '');
    const exact = courts.find((c) => c.title.toLowerCase() === q);
    if (exact) return onChange(exact.id, exact.title);
    onText(titleOf(value));
  };

  const add = async (title: string, save: (title: string) => Promise<string>) => {
    onText(title);
    setAddFailed(null);
    try {
      const courtId = await save(title);
      // Set again: leaving the field before the court was on the device put back the previous court's name.
      onChange(courtId, title);
    } catch (e) {
      setAddFailed(e instanceof Error ? e.message : String(e));
    }
  };

  return (
    <Field
      field={COURT_FIELD}
      value={text}
      error={error ?? addFailed ?? undefined}
      choices={options}
      openOnFocus
      highlightFirst
      placeholder={onAdd ? 'Search or add a court' : 'Search a court'}
      onChange={onText}
      onPick={(o) => {
        if (o.key === ADD_KEY && toAdd && onAdd) return void add(toAdd, onAdd);
        onChange(o.key, o.label);
      }}
      onBlur={leave}
    />
  );
}
