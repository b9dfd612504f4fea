import { useId, useMemo, useState } from 'react';
import { Combobox, type TComboOption } from '../../ui/Combobox.tsx';
import { FieldFrame } from '../../ui/form.tsx';
import { courtToAdd } from './petitionForm.logic.ts';

const SHOWN_MAX = 50;
/** The key of the "Add '…'" choice: never a court's id (ids are UUIDs). */
const ADD_KEY = 'add-court';

/**
 * The searchable Court select: type part of a court's name and pick it. Leaving the field with text that
 * names no court puts back the chosen court, so a half-typed name is never saved as if chosen.
 *
 * With `onAdd` (a user who may add courts), a name that matches no court is offered as "Add '…'" after the
 * courts it partly matches (last, so Enter on a partial name still picks the existing court): picking it adds
 * the court (on the device, offline too) and chooses it, in two taps.
 */
export function CourtField({
  courts,
  value,
  onChange,
  onAdd,
  error,
}: {
  courts: readonly { id: string; title: string }[];
  value: string;
  onChange: (courtId: string) => void;
  /** Adds a court of this title and answers its id. */
  onAdd?: ((title: string) => Promise<string>) | undefined;
  error?: string | undefined;
}) {
  const id = useId();
  const titleOf = (courtId: string) => courts.find((c) => c.id === courtId)?.title ?? '';
  const [text, setText] = useState(() => titleOf(value));
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
    if (!q) return onChange('');
    const exact = courts.find((c) => c.title.toLowerCase() === q);
    if (exact) {
      setText(exact.title);
      return onChange(exact.id);
    }
    setText(titleOf(value));
  };

  const add = async (title: string, save: (title: string) => Promise<string>) => {
    setText(title);
    setAddFailed(null);
    try {
      const courtId = await save(title);
      // Set again: leaving the field before the court was on the device put back the previous court's name.
      setText(title);
      onChange(courtId);
    } catch (e) {
      setAddFailed(e instanceof Error ? e.message : String(e));
    }
  };

  return (
    <FieldFrame id={id} label="Court" error={error ?? addFailed ?? undefined}>
      <Combobox
        id={id}
        value={text}
        options={options}
        openOnFocus
        highlightFirst
        placeholder={onAdd ? 'Search or add a court' : 'Search a court'}
        aria-invalid={error || addFailed ? true : undefined}
        aria-describedby={error || addFailed ? `${id}-error` : undefined}
        onChange={setText}
        onPick={(o) => {
          if (o.key === ADD_KEY && toAdd && onAdd) return void add(toAdd, onAdd);
          setText(o.label);
          onChange(o.key);
        }}
        onBlur={leave}
      />
    </FieldFrame>
  );
}
