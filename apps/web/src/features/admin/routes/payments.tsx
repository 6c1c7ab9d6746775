import type { OrderDetail } from "@florist/contract";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { ConfirmModal } from "../../../components/modal";
import { ErrorState, LoadingState } from "../../../components/page-state";
import { messageOf } from "../../../lib/api-client";
import { useAuth } from "../../../lib/auth";
import { formatOrderId, formatRupiah } from "../../../lib/format";
import { useTranslation } from "../../../lib/i18n";
import { paymentQueueQuery } from "../api/payments";
import { AccessDenied } from "../components/access-denied";
import { AdminHeader } from "../components/admin-header";
import { MarkPaidFinder } from "../components/mark-paid-finder";
import { PaymentNoteModal, type PaymentNoteTarget } from "../components/payment-note-modal";
import { PaymentQueueItem } from "../components/payment-queue-item";
import { usePaymentDecision } from "../hooks/use-payment-decision";
import "../admin.css";
import "../payments.css";

export default function AdminPaymentsPage() {
  const { t } = useTranslation();
  const { isAdmin, isLoading } = useAuth();
  if (isLoading) return <LoadingState text={t("Loading payments...")} />;
  if (!isAdmin) return <AccessDenied />;
  return <Payments />;
}

function noteTarget(order: OrderDetail): PaymentNoteTarget {
  return { orderId: order.orderId, customer: order.username, amount: order.totalPrice };
}

/** The admin's payment desk: receipts to check against the bank, oldest first, and payments seen another way. */
function Payments() {
  const { t } = useTranslation();
  const { data, error, isPending } = useQuery(paymentQueueQuery);
  const [approving, setApproving] = useState<OrderDetail | null>(null);
  const [rejecting, setRejecting] = useState<PaymentNoteTarget | null>(null);
  const [markingPaid, setMarkingPaid] = useState<PaymentNoteTarget | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const approve = usePaymentDecision((order) => {
    setApproving(null);
    setNotice(t("{{order}} approved: the order is Paid.", { order: formatOrderId(order.orderId) }));
  });

  function confirmApprove() {
    if (!approving) return;
    setFailure(null);
    approve.mutate(
      { orderId: approving.orderId, body: { decision: "approve" } },
      {
        onError: (problem) => {
          setApproving(null);
          setFailure(messageOf(problem, t("The receipt could not be approved.")));
        },
      },
    );
  }

  let queue: React.ReactNode;
  if (isPending) queue = <LoadingState text={t("Loading payments...")} />;
  else if (error || !data) queue = <ErrorState text={messageOf(error, t("The receipts could not be loaded."))} />;
  else if (data.orders.length === 0)
    queue = <p className="admin-muted">{t("No receipts are waiting to be checked.")}</p>;
  else
    queue = (
      <ol className="payment-queue">
        {data.orders.map((order) => (
          <PaymentQueueItem
            key={order.orderId}
            order={order}
            busy={approve.isPending}
            onApprove={(chosen) => {
              setNotice(null);
              setApproving(chosen);
            }}
            onReject={(chosen) => {
              setNotice(null);
              setRejecting(noteTarget(chosen));
            }}
          />
        ))}
      </ol>
    );

  return (
    <div className="container page admin-page">
      <AdminHeader
        title={t("Payments")}
        subtitle={t("Check each transfer receipt against the bank statement, oldest first.")}
      />

      {notice ? (
        <p className="alert alert-success admin-notice" role="status">
          {notice}
        </p>
      ) : null}
      {failure ? (
        <p className="alert alert-error admin-notice" role="alert">
          {failure}
        </p>
      ) : null}

      <section className="card admin-card" aria-labelledby="receipts-title">
        <div className="admin-card-head">
          <h2 id="receipts-title" className="admin-card-title">
            {t("Receipts awaiting verification")}
          </h2>
          {data ? <span className="admin-count">{data.orders.length}</span> : null}
        </div>
        {queue}
      </section>

      <section className="card admin-card" aria-labelledby="mark-paid-title">
        <div>
          <h2 id="mark-paid-title" className="admin-card-title">
            {t("Paid without a receipt")}
          </h2>
          <p className="admin-muted">
            {t(
              "Money seen in the bank, paid in cash or confirmed on WhatsApp: find the order and mark it paid with a note.",
            )}
          </p>
        </div>
        <MarkPaidFinder
          onMarkPaid={(target) => {
            setNotice(null);
            setMarkingPaid(target);
          }}
        />
      </section>

      <ConfirmModal
        open={approving !== null}
        title={approving ? t("Approve {{order}}?", { order: formatOrderId(approving.orderId) }) : ""}
        message={
          approving
            ? t("Only when {{amount}} from {{customer}} is in the bank statement. The order becomes Paid.", {
                amount: formatRupiah(approving.totalPrice),
                customer: approving.username,
              })
            : null
        }
        confirmLabel={t("Approve")}
        busy={approve.isPending}
        onConfirm={confirmApprove}
        onCancel={() => setApproving(null)}
      />
      <PaymentNoteModal
        decision="reject"
        target={rejecting}
        onClose={() => setRejecting(null)}
        onDecided={(order) => {
          setRejecting(null);
          setNotice(
            t("{{order}} rejected: the customer sees your note and can send another receipt.", {
              order: formatOrderId(order.orderId),
            }),
          );
        }}
      />
      <PaymentNoteModal
        decision="paid"
        target={markingPaid}
        onClose={() => setMarkingPaid(null)}
        onDecided={(order) => {
          setMarkingPaid(null);
          setNotice(t("{{order}} marked paid.", { order: formatOrderId(order.orderId) }));
        }}
      />
    </div>
  );
}
