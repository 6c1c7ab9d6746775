import { orderStatusOf, type PaymentStatus } from "@florist/contract/rules";
import { formatOrderId, formatRupiah } from "./format";
import { i18n } from "./i18n";
import { whatsappLink } from "./shop";

/**
 * How the shopper's screens speak of a bank transfer (contract §7.2): My Orders and the how-to-pay
 * page say the same words for the same state.
 */

type PaymentOrder = {
  orderId: number;
  orderStatus: string;
  paymentStatus: string;
  paymentNote: string | null;
  totalPrice: number;
};

/** Each payment status in the shop's language (one literal text each). */
function wordsOf(status: string): string {
  const words: Record<PaymentStatus, string> = {
    Pending: i18n.t("Waiting for payment"),
    "Awaiting Verification": i18n.t("Being checked"),
    Paid: i18n.t("Paid"),
    Rejected: i18n.t("Rejected"),
  };
  return Object.hasOwn(words, status) ? words[status as PaymentStatus] : status;
}

/** An order that ended without payment asks for none. */
function closedUnpaid(order: PaymentOrder): boolean {
  const status = orderStatusOf(order.orderStatus);
  return order.paymentStatus !== "Paid" && (status === "Cancelled" || status === "Denied");
}

/** "Waiting for payment", "Being checked", "Paid", "Rejected: <the admin's note>". */
export function paymentInWords(order: PaymentOrder): string {
  if (closedUnpaid(order)) return i18n.t("No payment needed");
  const words = wordsOf(order.paymentStatus);
  return order.paymentStatus === "Rejected" && order.paymentNote ? `${words}: ${order.paymentNote}` : words;
}

/** The server takes a receipt while the order is on its way and no receipt awaits or was accepted. */
export function canSendReceipt(order: PaymentOrder): boolean {
  const status = orderStatusOf(order.orderStatus);
  const open = status === "Order Received" || status === "In Delivery";
  return open && (order.paymentStatus === "Pending" || order.paymentStatus === "Rejected");
}

/** Only an order not yet started and without a receipt lapses at its deadline (the server's rule). */
export function lapsesAt(order: PaymentOrder & { paymentDueAt: string | null }): string | null {
  const waiting = orderStatusOf(order.orderStatus) === "Order Received" && order.paymentStatus === "Pending";
  return waiting ? order.paymentDueAt : null;
}

/** The how-to-pay page stays reachable until the payment is verified or the order has ended. */
export function awaitsPayment(order: PaymentOrder): boolean {
  const status = orderStatusOf(order.orderStatus);
  return (status === "Order Received" || status === "In Delivery") && order.paymentStatus !== "Paid";
}

/** The shopper may call off an order the florist has not started and that is not paid. */
export function canCancel(order: PaymentOrder): boolean {
  return orderStatusOf(order.orderStatus) === "Order Received" && order.paymentStatus !== "Paid";
}

/** A wa.me link to the shop with the transfer's display id and amount written for the shopper. */
export function paymentWhatsappLink(order: PaymentOrder): string {
  const amount = formatRupiah(order.totalPrice).replace(/\s+/g, " ");
  return whatsappLink(`Halo, saya sudah transfer untuk pesanan ${formatOrderId(order.orderId)} sebesar ${amount}.`);
}

/** Where the invoice PDF of an order is downloaded (the owner's and admins'). */
export function invoiceUrl(orderId: number): string {
  return `/api/order/${orderId}/invoice`;
}
