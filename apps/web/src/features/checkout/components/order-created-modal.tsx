import type { OrderDetail } from "@florist/contract";
import { Currency } from "../../../components/currency";
import { Modal } from "../../../components/modal";
import { formatDelivery } from "../../../lib/delivery-time";
import { formatOrderId } from "../../../lib/format";
import { useTranslation } from "../../../lib/i18n";

export interface OrderCreatedModalProps {
  order: OrderDetail | null;
  onClose: () => void;
  /** Opens the order's how-to-pay page: the bank accounts, the deadline and the receipt upload. */
  onPay: (orderId: number) => void;
}

/** The spec's result modal: View Orders goes to /pesanan; How to pay is the next step of a transfer. */
export function OrderCreatedModal({ order, onClose, onPay }: OrderCreatedModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={order !== null}
      title={t("Order created successfully!")}
      onClose={onClose}
      role="alertdialog"
      actions={
        <>
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            {t("View Orders")}
          </button>
          {order ? (
            <button type="button" className="btn btn-primary" onClick={() => onPay(order.orderId)} data-autofocus>
              {t("How to pay")}
            </button>
          ) : null}
        </>
      }
    >
      {order ? (
        <>
          <p>
            {t("Your order")} <strong>{formatOrderId(order.orderId)}</strong> {t("has been received. Total:")}{" "}
            <strong>
              <Currency amount={order.totalPrice} />
            </strong>
            .
          </p>
          {/* The day and slot the server booked: the authority, also when none was chosen. */}
          <p className="confirm-delivery">
            {order.delivery ? (
              <>
                {t("Delivery:")} <strong className="confirm-delivery-when">{formatDelivery(order.delivery)} WIB</strong>
                .
              </>
            ) : (
              t("Our florist will call you to arrange the delivery.")
            )}
          </p>
          <p>{t("Please pay by bank transfer and send us the transfer receipt.")}</p>
        </>
      ) : null}
    </Modal>
  );
}
