import { type ReactElement, type ReactNode, type RefObject, useId } from "react";
import { Currency } from "../../../components/currency";
import type { ShippingDetails } from "../../../lib/address";
import { formatRupiah } from "../../../lib/format";
import { useTranslation } from "../../../lib/i18n";
import type { FieldErrors } from "../checkout-form";
import type { DeliveryChoice } from "../hooks/use-delivery-choice";
import { CardMessageField, type CardMessageFieldProps } from "./card-message-field";
import { DeliveryPicker } from "./delivery-picker";

type Field = keyof ShippingDetails;

export interface ShippingFormProps {
  /** The form's id: its Confirm Order button sits under the order summary and names the form. */
  formId: string;
  formRef: RefObject<HTMLFormElement | null>;
  details: ShippingDetails;
  errors: FieldErrors;
  onChange: <K extends Field>(key: K, value: ShippingDetails[K]) => void;
  onSubmit: (event: React.FormEvent) => void;
  delivery: DeliveryChoice;
  /** Shown under the slots when the shopper must choose one. */
  slotError?: string;
  /** The fee that applies while no district is chosen. */
  standardFee: number;
  card: CardMessageFieldProps;
  remind: { checked: boolean; onChange: (checked: boolean) => void };
}

function Step({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="checkout-step" aria-labelledby={id}>
      <h3 id={id} className="checkout-step-title">
        {title}
      </h3>
      {children}
    </section>
  );
}

/**
 * The checkout asks in the order a gift is planned: when, where, who receives it, the card, and last the
 * shopper's own e-mail and notes. Name, phone and address are required (checked before confirming).
 */
export function ShippingForm(props: ShippingFormProps) {
  const { formId, formRef, details, errors, onChange, onSubmit, delivery, slotError, standardFee, card, remind } =
    props;
  const { t } = useTranslation();
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
    <form id={formId} ref={formRef} className="form checkout-form" noValidate onSubmit={onSubmit}>
      <Step title={t("When should it arrive?")}>
        <DeliveryPicker delivery={delivery} error={slotError} />
      </Step>

      <Step title={t("Where to?")}>
        {delivery.zones.length > 0 ? (
          <div className="field">
            <label htmlFor={`${id}-zone`}>{t("District (kecamatan)")}</label>
            <select
              id={`${id}-zone`}
              name="zone"
              className="select"
              value={delivery.zone?.zoneId ?? ""}
              onChange={(event) => delivery.pickZone(event.target.value ? Number(event.target.value) : null)}
            >
              <option value="">{t("Choose a district")}</option>
              {delivery.zones.map((zone) => (
                <option key={zone.zoneId} value={zone.zoneId}>
                  {`${zone.name} · ${formatRupiah(zone.fee)}`}
                </option>
              ))}
            </select>
            <p className="field-hint">
              {delivery.zone ? (
                <>
                  {t("Delivery to {{place}}:", { place: delivery.zone.name })}{" "}
                  <strong>
                    <Currency amount={delivery.zone.fee} />
                  </strong>
                  .
                </>
              ) : (
                <>
                  {t("The delivery fee depends on the district. Without one, the standard fee of")}{" "}
                  <Currency amount={standardFee} /> {t("applies.")}
                </>
              )}
            </p>
          </div>
        ) : null}
        {field(
          "address",
          t("Address"),
          <textarea
            className="textarea"
            rows={3}
            autoComplete="street-address"
            placeholder={t("Street, number, RT/RW, kelurahan")}
            required
            {...inputProps("address")}
          />,
        )}
        {field("city", t("City"), <input className="input" readOnly aria-readonly="true" {...inputProps("city")} />)}
      </Step>

      <Step title={t("Who receives it?")}>
        <div className="form-row">
          {field(
            "firstName",
            t("Recipient's first name"),
            <input className="input" autoComplete="off" required {...inputProps("firstName")} />,
          )}
          {field(
            "lastName",
            t("Recipient's last name"),
            <input className="input" autoComplete="off" required {...inputProps("lastName")} />,
          )}
        </div>
        {field(
          "phone",
          t("Recipient's phone"),
          <input
            className="input"
            type="tel"
            autoComplete="off"
            inputMode="tel"
            placeholder="08xx xxxx xxxx"
            required
            {...inputProps("phone")}
          />,
          t("The driver calls this number if nobody answers the door."),
        )}
      </Step>

      <Step title={t("The card")}>
        <CardMessageField {...card} />
      </Step>

      <Step title={t("Your details")}>
        {field(
          "email",
          t("Email"),
          <input className="input" type="email" autoComplete="email" required {...inputProps("email")} />,
          t("We send your order's updates here."),
        )}
        <div className="field">
          <label htmlFor={`${id}-notes`}>
            {t("Notes")} <span className="optional">{t("(optional)")}</span>
          </label>
          <textarea
            id={`${id}-notes`}
            name="notes"
            className="textarea"
            rows={3}
            maxLength={500}
            placeholder={t("Landmarks, gate code, who to ask for…")}
            value={details.notes ?? ""}
            onChange={(event) => onChange("notes", event.target.value)}
          />
        </div>
        <label className="checkbox remind-next-year">
          <input type="checkbox" checked={remind.checked} onChange={(event) => remind.onChange(event.target.checked)} />
          <span>
            {t("Remind me next year")}
            <span className="field-hint">
              {t("One e-mail a week before the same day next year, to send flowers again.")}
            </span>
          </span>
        </label>
      </Step>
    </form>
  );
}
