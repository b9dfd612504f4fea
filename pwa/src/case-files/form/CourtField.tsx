import { useId, useMemo, useState } from 'react';
import { Combobox, type TComboOption } from '../../ui/Combobox.tsx';
import { FieldFrame } from '../../ui/form.tsx';

const SHOWN_MAX = 50;

/**
 * The searchable Court select: type part of a court's name and pick it. Leaving the field with text that
 * names no court puts back the chosen court, so a half-typed name is never saved as if chosen.
 */
export function CourtField({
  courts,
  value,
  onChange,
  error,
}: {
  courts: readonly { id: string; title: string }[];
  value: string;
  onChange: (courtId: string) => void;
  error?: string | undefined;
}) {
  const id = useId();
  const titleOf = (courtId: string) => courts.find((c) => c.id === courtId)?.title ?? '';
  const [text, setText] = useState(() => titleOf(value));
  const options = useMemo<TComboOption[]>(() => {
    const q = text.trim().toLowerCase();
    // Showing the chosen court's own name lists every court, as a select would.
    const all = !q || courts.some((c) => c.id === value && c.title.toLowerCase() === q);
    return courts
      .filter((c) => all || c.title.toLowerCase().includes(q))
      .slice(0, SHOWN_MAX)
      .map((c) => ({ key: c.id, label: c.title }));
  }, [courts, text, value]);

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

  return (
    <FieldFrame id={id} label="Court" error={error}>
      <Combobox
        id={id}
        value={text}
        options={options}
        openOnFocus
        highlightFirst
        placeholder="Search a court"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={setText}
        onPick={(o) => {
          setText(o.label);
          onChange(o.key);
        }}
        onBlur={leave}
      />
    </FieldFrame>
  );
}
