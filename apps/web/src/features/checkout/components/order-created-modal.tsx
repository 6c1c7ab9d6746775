import type { OrderDetail } from "@florist/contract";
import { Currency } from "../../../components/currency";
import { Modal } from "../../../components/modal";
import { formatDelivery } from "../../../lib/delivery-time";
import { formatOrderId } from "../../../lib/format";

export function OrderCreatedModal({ order, onClose }: { order: OrderDetail | null; onClose: () => void }) {
  return (
    <Modal
      open={order !== null}
      title="Order created successfully!"
      onClose={onClose}
      role="alertdialog"
      actions={
        <button type="button" className="btn btn-primary" onClick={onClose} data-autofocus>
          View Orders
        </button>
      }
    >
      {order ? (
        <>
          <p>
            Your order <strong>{formatOrderId(order.orderId)}</strong> has been received. Total:{" "}
            <strong>
              <Currency amount={order.totalPrice} />
            </strong>
            .
          </p>
          {/* The day and slot the server booked: the authority, also when none was chosen. */}
          <p className="confirm-delivery">
            {order.delivery ? (
              <>
                Delivery: <strong className="confirm-delivery-when">{formatDelivery(order.delivery)} WIB</strong>.
              </>
            ) : (
              "Our florist will call you to arrange the delivery."
            )}
          </p>
        </>
      ) : null}
    </Modal>
  );
}
