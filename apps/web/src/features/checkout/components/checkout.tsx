import { type ReactNode, useId } from "react";
import { Link, useNavigate } from "react-router";
import { Currency } from "../../../components/currency";
import { TruckIcon } from "../../../components/icons";
import { ConfirmModal, MessageModal } from "../../../components/modal";
import { EmptyState } from "../../../components/page-state";
import { StockShortageModal } from "../../../components/stock-shortage";
import { formatDelivery } from "../../../lib/delivery-time";
import { useTranslation } from "../../../lib/i18n";
import { type CheckoutInput, useCheckout } from "../hooks/use-checkout";
import type { DeliveryChoice } from "../hooks/use-delivery-choice";
import { CheckoutSummary } from "./checkout-summary";
import { OrderCreatedModal } from "./order-created-modal";
import { ShippingForm } from "./shipping-form";

/** The chosen day and slot, "Wed 25 Nov · 15:00–18:00 WIB", or null while none is chosen. */
function chosenWhen({ selected, offered }: DeliveryChoice): string | null {
  if (!selected) return null;
  const slot = offered.find((day) => day.date === selected.date)?.slots.find((s) => s.slotId === selected.slotId);
  return slot ? `${formatDelivery({ date: selected.date, start: slot.start, end: slot.end })} WIB` : null;
}

/** When and where, as the confirmation repeats it; the day and slot never break across lines. */
function DeliverySentence({ delivery }: { delivery: DeliveryChoice }): ReactNode {
  const { t } = useTranslation();
  const place = delivery.zone?.name;
  if (delivery.failed)
    return place
      ? t("Delivery to {{place}} at the earliest free time.", { place })
      : t("Delivery at the earliest free time.");
  const when = chosenWhen(delivery);
  if (!when)
    return place
      ? t("Our florist will call you to arrange the delivery to {{place}}.", { place })
      : t("Our florist will call you to arrange the delivery.");
  return (
    <>
      {place ? t("Delivery to {{place}}:", { place }) : t("Delivery:")}{" "}
      <strong className="confirm-delivery-when">{when}</strong>.
    </>
  );
}

/** The shipping form beside the order summary, with the confirmation and the order's answers as modals. */
export function Checkout(props: CheckoutInput) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const checkout = useCheckout(props);

  if (props.items.length === 0 && !checkout.created) {
    return (
      <EmptyState text={t("There are no items to process.")}>
        <Link to="/katalog" className="btn btn-primary">
          {t("Explore the Catalog")}
        </Link>
      </EmptyState>
    );
  }

  return (
    <div className="checkout-layout">
      <section className="card checkout-form-card" aria-labelledby={`${id}-shipping`}>
        <h2 id={`${id}-shipping`}>{t("Shipping Details")}</h2>
        <p className="alert alert-info checkout-notice">
          <TruckIcon size={18} /> {t("Currently, delivery is available only within Bandung.")}
        </p>
        <ShippingForm
          formId={`${id}-form`}
          formRef={checkout.formRef}
          details={checkout.details}
          errors={checkout.errors}
          onChange={checkout.update}
          onSubmit={checkout.submit}
          delivery={checkout.delivery}
          slotError={checkout.slotError}
          standardFee={checkout.standardFee}
          card={checkout.card}
          remind={checkout.remind}
        />
      </section>

      <CheckoutSummary
        id={`${id}-summary`}
        items={checkout.items}
        totals={checkout.totals}
        delivery={[chosenWhen(checkout.delivery), checkout.delivery.zone?.name].filter(Boolean).join(", ")}
      >
        <button
          type="submit"
          form={`${id}-form`}
          className="btn btn-primary btn-block checkout-submit"
          disabled={checkout.placing}
        >
          {checkout.placing ? t("Processing...") : t("Confirm Order")}
        </button>
      </CheckoutSummary>

      <ConfirmModal
        open={checkout.confirming}
        title={t("Confirm your order")}
        message={
          <>
            <p>
              {t("Place this order for")}{" "}
              <strong>
                <Currency amount={checkout.totals.total} />
              </strong>
              {t(", delivered to {{address}}, Bandung?", { address: checkout.details.address.trim() })}
            </p>
            <p className="confirm-delivery">
              <DeliverySentence delivery={checkout.delivery} />
            </p>
          </>
        }
        confirmLabel={checkout.placing ? t("Processing...") : t("Yes, confirm")}
        busy={checkout.placing}
        onConfirm={() => void checkout.confirm()}
        onCancel={checkout.cancelConfirm}
      />
      <OrderCreatedModal
        order={checkout.created}
        onClose={() => navigate("/pesanan")}
        onPay={(orderId) => navigate(`/pesanan/${orderId}/bayar`)}
      />
      <StockShortageModal items={checkout.shortage} onClose={checkout.closeShortage} />
      <MessageModal message={checkout.failure} onClose={checkout.closeFailure} />
    </div>
  );
}
