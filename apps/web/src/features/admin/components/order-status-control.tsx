import { ConfirmModal, MessageModal } from "../../../components/modal";
import { formatOrderId } from "../../../lib/format";
import { type TFunction, useTranslation } from "../../../lib/i18n";
import { type ConfirmedAction, useOrderStatus } from "../hooks/use-order-status";
import { type StatusAction, statusActions } from "../lib/order-status";
import { ProofUploadModal } from "./proof-upload-modal";

function actionLabels(t: TFunction): Record<StatusAction, string> {
  return {
    "start-delivery": t("Start Delivery"),
    reject: t("Reject Order"),
    finish: t("Mark as Finished"),
  };
}

const ACTION_CLASSES: Record<StatusAction, string> = {
  "start-delivery": "btn btn-primary btn-small",
  reject: "btn btn-ghost btn-small btn-ghost-danger",
  finish: "btn btn-accent btn-small",
};

function confirmations(t: TFunction): Record<ConfirmedAction, { question: string; confirmLabel: string }> {
  return {
    "start-delivery": { question: t("Mark this order as In Delivery?"), confirmLabel: t("Yes, start delivery") },
    reject: { question: t("Deny this order? The order will be marked as Denied."), confirmLabel: t("Yes, reject") },
  };
}

export interface OrderStatusControlProps {
  orderId: number;
  status: string;
}

/**
 * The buttons that move one order on. Start Delivery and Reject Order ask first; Mark as Finished
 * opens the delivery proof upload, whose own confirmation finishes the order. Finished and Denied
 * orders offer nothing.
 */
export function OrderStatusControl({ orderId, status }: OrderStatusControlProps) {
  const { t } = useTranslation();
  const control = useOrderStatus(orderId);
  const ACTION_LABELS = actionLabels(t);
  const confirmation = control.confirming ? confirmations(t)[control.confirming] : null;
  return (
    <>
      {statusActions(status).map((action) => (
        <button
          key={action}
          type="button"
          className={ACTION_CLASSES[action]}
          onClick={() => control.choose(action)}
          disabled={control.busy}
        >
          {ACTION_LABELS[action]}
        </button>
      ))}

      <ConfirmModal
        open={control.confirming !== null}
        title={control.confirming ? `${ACTION_LABELS[control.confirming]} · ${formatOrderId(orderId)}` : ""}
        message={confirmation?.question}
        confirmLabel={confirmation?.confirmLabel ?? ""}
        danger={control.confirming === "reject"}
        busy={control.busy}
        onConfirm={control.confirm}
        onCancel={control.cancel}
      />

      {control.proofOpen ? (
        <ProofUploadModal orderId={orderId} onClose={control.closeProof} onFinished={control.finished} />
      ) : null}

      <MessageModal
        message={control.failure ? { title: t("Status not updated"), body: control.failure } : null}
        onClose={control.dismissFailure}
      />
    </>
  );
}
