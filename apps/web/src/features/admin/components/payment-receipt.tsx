import { useState } from "react";
import { Modal } from "../../../components/modal";
import { resolveImageUrl } from "../../../lib/api-client";
import { formatOrderId } from "../../../lib/format";
import { useTranslation } from "../../../lib/i18n";
import "../payments.css";

/**
 * The shopper's transfer receipt, large enough to read the amount and the account; a click opens
 * it at full size, where the admin can compare every digit with the bank statement.
 */
export function PaymentReceipt({ orderId, path }: { orderId: number; path: string | null }) {
  const { t } = useTranslation();
  const [enlarged, setEnlarged] = useState(false);
  const url = resolveImageUrl(path);
  if (!url) return <p className="admin-muted">{t("No transfer receipt was sent.")}</p>;
  const alt = t("Transfer receipt for order {{order}}", { order: formatOrderId(orderId) });
  return (
    <>
      <button
        type="button"
        className="payment-receipt"
        onClick={() => setEnlarged(true)}
        aria-label={t("Enlarge the transfer receipt of {{order}}", { order: formatOrderId(orderId) })}
      >
        <img src={url} alt={alt} />
        <span className="payment-receipt-hint" aria-hidden="true">
          {t("Click to enlarge")}
        </span>
      </button>
      <Modal
        open={enlarged}
        title={t("Transfer receipt · {{order}}", { order: formatOrderId(orderId) })}
        onClose={() => setEnlarged(false)}
        size="large"
      >
        <div className="payment-receipt-full">
          <img src={url} alt={alt} />
          <a href={url} target="_blank" rel="noreferrer">
            {t("Open in a new tab")}
          </a>
        </div>
      </Modal>
    </>
  );
}
