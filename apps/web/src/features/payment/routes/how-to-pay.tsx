import type { BankAccount, OrderDetail } from "@florist/contract";
import { orderStatusOf } from "@florist/contract/rules";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useParams } from "react-router";
import { Currency } from "../../../components/currency";
import { WhatsappIcon } from "../../../components/icons";
import { ErrorState, LoadingState, PageHeader } from "../../../components/page-state";
import { useOrderStatusName } from "../../../components/status-badge";
import { messageOf } from "../../../lib/api-client";
import { useAuth } from "../../../lib/auth";
import { formatOrderId } from "../../../lib/format";
import { useTranslation } from "../../../lib/i18n";
import { awaitsPayment, canSendReceipt, lapsesAt, paymentInWords, paymentWhatsappLink } from "../../../lib/payment";
import { orderQuery, paymentSettingsQuery } from "../api/payment";
import { CopyButton } from "../components/copy-button";
import { PaymentDeadline } from "../components/payment-deadline";
import { ReceiptUpload } from "../components/receipt-upload";
import "../payment.css";

export default function HowToPayPage() {
  const { t } = useTranslation();
  const orderId = Number(useParams().orderId);
  return (
    <div className="container page payment-page">
      <PageHeader
        eyebrow={t("Payment")}
        title={t("How to pay")}
        lead={t("Transfer the amount to one of our bank accounts, then send us the transfer receipt.")}
      />
      {Number.isInteger(orderId) && orderId > 0 ? (
        <HowToPay orderId={orderId} />
      ) : (
        <ErrorState text={t("Order not found.")} />
      )}
    </div>
  );
}

function HowToPay({ orderId }: { orderId: number }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const order = useQuery(orderQuery(orderId));
  const settings = useQuery(paymentSettingsQuery);

  if (order.isPending) return <LoadingState text={t("Loading your order...")} />;
  if (order.error) return <ErrorState text={messageOf(order.error, t("Failed to load the order."))} />;

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
        <h2 id="payment-transfer">{t("Transfer")}</h2>
        <dl className="payment-facts">
          <div>
            <dt>{t("Amount")}</dt>
            <dd>
              <strong className="payment-amount">
                <Currency amount={detail.totalPrice} />
              </strong>
              <CopyButton value={String(detail.totalPrice)} what={t("amount")} />
            </dd>
          </div>
          <div>
            <dt>{t("Transfer note")}</dt>
            <dd>
              <strong className="payment-note-value">{displayId}</strong>
              <CopyButton value={displayId} what={t("transfer note")} />
            </dd>
          </div>
          <div>
            <dt>{t("Payment")}</dt>
            <dd className={`payment-state payment-state-${detail.paymentStatus.toLowerCase().replace(/\s+/g, "-")}`}>
              {paymentInWords(detail)}
            </dd>
          </div>
        </dl>
        {dueAt ? <PaymentDeadline dueAt={dueAt} /> : null}
        <p className="field-hint">
          {t("Write {{orderId}} in the transfer note so we can find your payment quickly.", { orderId: displayId })}
        </p>
      </section>

      <section className="card payment-card" aria-labelledby="payment-banks">
        <h2 id="payment-banks">{t("Bank accounts")}</h2>
        {settings.isPending ? <LoadingState text={t("Loading bank accounts...")} /> : null}
        {settings.error ? (
          <ErrorState text={messageOf(settings.error, t("Failed to load the bank accounts."))} />
        ) : null}
        {settings.data ? <BankAccounts accounts={settings.data.bankAccounts} /> : null}
      </section>

      <section className="card payment-card payment-receipt" aria-labelledby="payment-receipt">
        <h2 id="payment-receipt">{t("Send your transfer receipt")}</h2>
        <ReceiptStep order={detail} onSent={sent} />
        {awaitsPayment(detail) ? (
          <a
            className="btn btn-secondary payment-whatsapp"
            href={paymentWhatsappLink(detail)}
            target="_blank"
            rel="noopener noreferrer"
          >
            <WhatsappIcon size={18} /> {t("Confirm via WhatsApp")}
          </a>
        ) : null}
        <Link to="/pesanan" className="payment-back">
          {t("Back to My Orders")}
        </Link>
      </section>
    </div>
  );
}

function BankAccounts({ accounts }: { accounts: BankAccount[] }) {
  const { t } = useTranslation();
  if (accounts.length === 0) return <p>{t("Please contact us on WhatsApp for the bank account.")}</p>;
  return (
    <ul className="bank-accounts">
      {accounts.map((account) => (
        <li key={`${account.bank}-${account.accountNumber}`} className="bank-account">
          <span className="bank-name">{account.bank}</span>
          <span className="bank-number">
            <strong>{account.accountNumber}</strong>
            <CopyButton
              value={account.accountNumber.replace(/\D/g, "")}
              what={t("{{bank}} account number {{number}}", { bank: account.bank, number: account.accountNumber })}
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
  const { t } = useTranslation();
  const statusName = useOrderStatusName();
  if (canSendReceipt(order)) {
    return (
      <>
        {order.paymentStatus === "Rejected" ? (
          <p className="alert alert-error">
            {paymentInWords(order)}. {t("Please send the transfer receipt again.")}
          </p>
        ) : null}
        <ReceiptUpload orderId={order.orderId} onSent={onSent} />
      </>
    );
  }
  if (order.paymentStatus === "Awaiting Verification")
    return (
      <p className="alert alert-info" role="status">
        {t("Being checked. We compare your transfer receipt with our bank statement and let you know by e-mail.")}
      </p>
    );
  if (order.paymentStatus === "Paid")
    return (
      <p className="alert alert-success" role="status">
        {t("Paid. Thank you!")}
      </p>
    );
  const status = orderStatusOf(order.orderStatus);
  return (
    <p className="alert alert-info">
      {t("This order is {{status}}: there is nothing to pay.", {
        status: (status ? statusName(status) : order.orderStatus).toLowerCase(),
      })}
    </p>
  );
}
