import type { BankAccount, OrderDetail } from "@florist/contract";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useParams } from "react-router";
import { Currency } from "../../../components/currency";
import { WhatsappIcon } from "../../../components/icons";
import { ErrorState, LoadingState, PageHeader } from "../../../components/page-state";
import { messageOf } from "../../../lib/api-client";
import { useAuth } from "../../../lib/auth";
import { formatOrderId } from "../../../lib/format";
import { awaitsPayment, canSendReceipt, lapsesAt, paymentInWords, paymentWhatsappLink } from "../../../lib/payment";
import { orderQuery, paymentSettingsQuery } from "../api/payment";
import { CopyButton } from "../components/copy-button";
import { PaymentDeadline } from "../components/payment-deadline";
import { ReceiptUpload } from "../components/receipt-upload";
import "../payment.css";

export default function HowToPayPage() {
  const orderId = Number(useParams().orderId);
  return (
    <div className="container page payment-page">
      <PageHeader
        eyebrow="Payment"
        title="How to pay"
        lead="Transfer the amount to one of our bank accounts, then send us the transfer receipt."
      />
      {Number.isInteger(orderId) && orderId > 0 ? (
        <HowToPay orderId={orderId} />
      ) : (
        <ErrorState text="Order not found." />
      )}
    </div>
  );
}

function HowToPay({ orderId }: { orderId: number }) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const order = useQuery(orderQuery(orderId));
  const settings = useQuery(paymentSettingsQuery);

  if (order.isPending) return <LoadingState text="Loading your order..." />;
  if (order.error) return <ErrorState text={messageOf(order.error, "Failed to load the order.")} />;

  function sent(updated: OrderDetail) {
    queryClient.setQueryData(orderQuery(orderId).queryKey, updated);
    void queryClient.invalidateQueries({ queryKey: ["orders", user?.user_id] });
  }

  const detail = order.data;
  const displayId = formatOrderId(detail.orderId);
  const dueAt = lapsesAt(detail);
  return (
    <div className="payment-layout">
      <section className="card payment-card" aria-labelledby="payment-transfer">
        <h2 id="payment-transfer">Transfer</h2>
        <dl className="payment-facts">
          <div>
            <dt>Amount</dt>
            <dd>
              <strong className="payment-amount">
                <Currency amount={detail.totalPrice} />
              </strong>
              <CopyButton value={String(detail.totalPrice)} what="amount" />
            </dd>
          </div>
          <div>
            <dt>Transfer note</dt>
            <dd>
              <strong className="payment-note-value">{displayId}</strong>
              <CopyButton value={displayId} what="transfer note" />
            </dd>
          </div>
          <div>
            <dt>Payment</dt>
            <dd className={`payment-state payment-state-${detail.paymentStatus.toLowerCase().replace(/\s+/g, "-")}`}>
              {paymentInWords(detail)}
            </dd>
          </div>
        </dl>
        {dueAt ? <PaymentDeadline dueAt={dueAt} /> : null}
        <p className="field-hint">Write {displayId} in the transfer note so we can find your payment quickly.</p>
      </section>

      <section className="card payment-card" aria-labelledby="payment-banks">
        <h2 id="payment-banks">Bank accounts</h2>
        {settings.isPending ? <LoadingState text="Loading bank accounts..." /> : null}
        {settings.error ? <ErrorState text={messageOf(settings.error, "Failed to load the bank accounts.")} /> : null}
        {settings.data ? <BankAccounts accounts={settings.data.bankAccounts} /> : null}
      </section>

      <section className="card payment-card payment-receipt" aria-labelledby="payment-receipt">
        <h2 id="payment-receipt">Send your transfer receipt</h2>
        <ReceiptStep order={detail} onSent={sent} />
        {awaitsPayment(detail) ? (
          <a
            className="btn btn-secondary payment-whatsapp"
            href={paymentWhatsappLink(detail)}
            target="_blank"
            rel="noopener noreferrer"
          >
            <WhatsappIcon size={18} /> Confirm via WhatsApp
          </a>
        ) : null}
        <Link to="/pesanan" className="payment-back">
          Back to My Orders
        </Link>
      </section>
    </div>
  );
}

function BankAccounts({ accounts }: { accounts: BankAccount[] }) {
  if (accounts.length === 0) return <p>Please contact us on WhatsApp for the bank account.</p>;
  return (
    <ul className="bank-accounts">
      {accounts.map((account) => (
        <li key={`${account.bank}-${account.accountNumber}`} className="bank-account">
          <span className="bank-name">{account.bank}</span>
          <span className="bank-number">
            <strong>{account.accountNumber}</strong>
            <CopyButton
              value={account.accountNumber.replace(/\D/g, "")}
              what={`${account.bank} account number ${account.accountNumber}`}
            />
          </span>
          <span className="bank-holder">a.n. {account.accountName}</span>
        </li>
      ))}
    </ul>
  );
}

/** What the receipt step shows for each payment state: the upload while one is wanted. */
function ReceiptStep({ order, onSent }: { order: OrderDetail; onSent: (order: OrderDetail) => void }) {
  if (canSendReceipt(order)) {
    return (
      <>
        {order.paymentStatus === "Rejected" ? (
          <p className="alert alert-error">{paymentInWords(order)}. Please send the transfer receipt again.</p>
        ) : null}
        <ReceiptUpload orderId={order.orderId} onSent={onSent} />
      </>
    );
  }
  if (order.paymentStatus === "Awaiting Verification")
    return (
      <p className="alert alert-info" role="status">
        Being checked. We compare your transfer receipt with our bank statement and let you know by e-mail.
      </p>
    );
  if (order.paymentStatus === "Paid")
    return (
      <p className="alert alert-success" role="status">
        Paid. Thank you!
      </p>
    );
  return <p className="alert alert-info">This order is {order.orderStatus.toLowerCase()}: there is nothing to pay.</p>;
}
