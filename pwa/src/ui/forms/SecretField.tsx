import { useId, useState } from 'react';
import { Field, type TFieldProps } from './Field.tsx';

/**
 * A password drawn from its declared field, with a reveal toggle. The toggle's name is 'Show'/'Hide', never
 * containing 'Password', so a lookup of the field by its label finds exactly one control.
 */
export function SecretField(props: TFieldProps) {
  const own = useId();
  const id = props.id ?? own;
  // Whether the password shows is how it is drawn, not a field of the form.
  const [shown, setShown] = useState(false);
  return (
    <Field
      {...props}
      id={id}
      type={shown ? 'text' : 'password'}
      addon={
        <button type="button" className="btn input-addon" aria-controls={id} onClick={() => setShown(!shown)}>
          {shown ? 'Hide' : 'Show'}
        </button>
      }
    />
  );
}
