import type { ReactNode } from 'react';

/** The markup of ui/form.tsx fields (label, required mark, error under it) for this form's own controls. */
export function FieldFrame({
  id,
  label,
  error,
  required,
  children,
}: {
  id: string;
  label: string;
  error?: string | undefined;
  required?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={`field${error ? ' has-error' : ''}`}>
      <div className="field-label">
        <label htmlFor={id}>{label}</label>
        {required && (
          <span className="req" aria-hidden="true">
            *
          </span>
        )}
      </div>
      {children}
      {error && (
        <div className="field-error" id={`${id}-error`}>
          {error}
        </div>
      )}
    </div>
  );
}
