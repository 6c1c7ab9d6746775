import { type ReactElement, type RefObject, useId } from "react";
import type { ShippingDetails } from "../../../lib/address";
import type { FieldErrors } from "../checkout-form";

type Field = keyof ShippingDetails;

export interface ShippingFormProps {
  formRef: RefObject<HTMLFormElement | null>;
  details: ShippingDetails;
  errors: FieldErrors;
  onChange: <K extends Field>(key: K, value: ShippingDetails[K]) => void;
  onSubmit: (event: React.FormEvent) => void;
  placing: boolean;
}

/** Name, e-mail, phone and address (required), the city (always Bandung) and optional notes. */
export function ShippingForm({ formRef, details, errors, onChange, onSubmit, placing }: ShippingFormProps) {
  const id = useId();

  function field(key: Field, label: string, input: ReactElement, hint?: string) {
    const error = errors[key];
    return (
      <div className="field">
        <label htmlFor={`${id}-${key}`}>{label}</label>
        {input}
        {hint ? <p className="field-hint">{hint}</p> : null}
        {error ? (
          <p className="field-error" id={`${id}-${key}-error`}>
            {error}
          </p>
        ) : null}
      </div>
    );
  }

  const inputProps = (key: Field) => ({
    id: `${id}-${key}`,
    name: key,
    value: details[key] ?? "",
    "aria-invalid": errors[key] ? true : undefined,
    "aria-describedby": errors[key] ? `${id}-${key}-error` : undefined,
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(key, event.target.value),
  });

  return (
    <form ref={formRef} className="form" noValidate onSubmit={onSubmit}>
      <div className="form-row">
        {field(
          "firstName",
          "First name",
          <input className="input" autoComplete="given-name" required {...inputProps("firstName")} />,
        )}
        {field(
          "lastName",
          "Last name",
          <input className="input" autoComplete="family-name" required {...inputProps("lastName")} />,
        )}
      </div>
      <div className="form-row">
        {field(
          "email",
          "Email",
          <input className="input" type="email" autoComplete="email" required {...inputProps("email")} />,
        )}
        {field(
          "phone",
          "Phone",
          <input
            className="input"
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            placeholder="08xx xxxx xxxx"
            required
            {...inputProps("phone")}
          />,
        )}
      </div>
      {field(
        "address",
        "Address",
        <textarea
          className="textarea"
          rows={3}
          autoComplete="street-address"
          placeholder="Street, number, RT/RW, district"
          required
          {...inputProps("address")}
        />,
      )}
      {field("city", "City", <input className="input" readOnly aria-readonly="true" {...inputProps("city")} />)}
      <div className="field">
        <label htmlFor={`${id}-notes`}>
          Notes <span className="optional">(optional)</span>
        </label>
        <textarea
          id={`${id}-notes`}
          name="notes"
          className="textarea"
          rows={3}
          maxLength={500}
          placeholder="Card message, delivery time, landmarks…"
          value={details.notes ?? ""}
          onChange={(event) => onChange("notes", event.target.value)}
        />
      </div>
      <button type="submit" className="btn btn-primary btn-block checkout-submit" disabled={placing}>
        {placing ? "Processing..." : "Confirm Order"}
      </button>
    </form>
  );
}
