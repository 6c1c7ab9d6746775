import type { ReactNode } from "react";
import { PasswordInput } from "./password-input";

type InputProps = React.InputHTMLAttributes<HTMLInputElement>;

/** A labelled text field of the account screens. */
export function TextField({ id, label, ...input }: InputProps & { id: string; label: string }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} className="input" {...input} />
    </div>
  );
}

/**
 * A labelled password field with its show/hide toggle. `aside` sits on the label's row (the
 * login's "Forgot password?" link); `children` come below the input (checklist, mismatch line).
 */
export function PasswordField({
  id,
  label,
  aside,
  children,
  ...input
}: Omit<InputProps, "type" | "children"> & { id: string; label: string; aside?: ReactNode; children?: ReactNode }) {
  const labelElement = <label htmlFor={id}>{label}</label>;
  return (
    <div className="field">
      {aside ? (
        <div className="field-row">
          {labelElement}
          {aside}
        </div>
      ) : (
        labelElement
      )}
      <PasswordInput id={id} {...input} />
      {children}
    </div>
  );
}
