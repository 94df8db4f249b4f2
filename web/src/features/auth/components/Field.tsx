import type { ReactNode } from 'react';

/**
 * A labelled field for the light sign-in form (no antd Form there, to keep the first page small).
 * The control must carry `id`, and `aria-describedby={errorId(id)}` when `error` is set.
 */
export function Field({ id, label, error, children }: { id: string; label: string; error?: string | null; children: ReactNode }) {
  return (
    <div className={`field${error ? ' has-error' : ''}`}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      {children}
      <div id={errorId(id)} className="field__error" aria-live="polite">
        {error}
      </div>
    </div>
  );
}

export const errorId = (id: string): string => `${id}-error`;

/** Props that tie a control to its Field's error text. */
export const invalidProps = (id: string, error?: string | null) =>
  ({ id, 'aria-invalid': Boolean(error), 'aria-describedby': error ? errorId(id) : undefined, status: error ? 'error' : undefined }) as const;
