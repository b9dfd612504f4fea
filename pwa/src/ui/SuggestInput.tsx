import { useEffect, useState } from 'react';
import { Combobox, type TComboboxProps } from './Combobox.tsx';
import { filterSuggestions, SUGGESTION_DELAY_MS } from './fields.ts';

type Props = Omit<TComboboxProps, 'options' | 'onPick' | 'listLabel' | 'highlightFirst' | 'openOnFocus'> & {
  suggestions: readonly string[];
};

/**
 * A text input offering suggestions that start with what was typed, shown once typing pauses for 250 ms
 * (part 1 §9): the shared Combobox with a field's list of words. Enter with none highlighted is `onEnter`.
 */
export function SuggestInput({ value, onChange, suggestions, ...rest }: Props) {
  // The text the list was last filtered for: the list waits for typing to pause.
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), SUGGESTION_DELAY_MS);
    return () => clearTimeout(t);
  }, [value]);
  const options =
    settled === value ? filterSuggestions(value, suggestions).map((s) => ({ key: s, label: s })) : [];
  return (
    <Combobox
      {...rest}
      value={value}
      onChange={onChange}
      options={options}
      onPick={(o) => onChange(o.label)}
    />
  );
}
