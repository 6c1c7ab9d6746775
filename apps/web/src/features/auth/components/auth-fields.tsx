import type { ReactNode } from "react";
import { useTranslation } from "../../../lib/i18n";
import { PasswordChecklist } from "./password-checklist";
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

type ValueProps = { id: string; value: string; onChange: (event: React.ChangeEvent<HTMLInputElement>) => void };

/** The account's e-mail address (signup, forgotten password). */
export function EmailField(props: ValueProps) {
  const { t } = useTranslation();
  return <TextField {...props} label={t("Email")} name="email" type="email" autoComplete="email" required />;
}

/** A password being chosen, with the checklist of the rules it has to meet below it. */
export function NewPasswordField({ id, label, name, value, onChange }: ValueProps & { label: string; name: string }) {
  return (
    <PasswordField
      id={id}
      label={label}
      name={name}
      autoComplete="new-password"
      required
      aria-describedby={`${id}-checklist`}
      value={value}
      onChange={onChange}
    >
      <PasswordChecklist password={value} id={`${id}-checklist`} />
    </PasswordField>
  );
}
