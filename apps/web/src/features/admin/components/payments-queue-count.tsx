import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { paymentQueueQuery } from "../api/payments";

/**
 * How many transfer receipts await the admin's check, for the navigation's Payments badge. Its own
 * chunk, loaded only for admins, so the shopper's first download carries none of the admin's API.
 */
export default function PaymentsQueueCount({ children }: { children: (count: number) => ReactNode }) {
  const { data } = useQuery(paymentQueueQuery);
  return children(data?.orders.length ?? 0);
}
