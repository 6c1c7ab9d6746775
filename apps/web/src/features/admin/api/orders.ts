import type {
  AdminOverview,
  OrderDetail,
  OrderStatus,
  OverviewSort,
  overviewQuery as overviewQuerySchema,
  ProofAnswer,
  SortDirection,
  statusBody,
} from "@florist/contract";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "../../../lib/api-client";

/** Ten transactions a page unless the server says otherwise. */
export const PAGE_SIZE = 10;

export interface OverviewParams {
  page: number;
  limit: number;
  search: string;
  month: number;
  year: number;
  /** Applied by the server across all pages. */
  sort: OverviewSort;
  dir: SortDirection;
}

export const adminKeys = {
  all: ["admin"] as const,
  overview: () => [...adminKeys.all, "overview"] as const,
  overviewPage: (params: OverviewParams) => [...adminKeys.overview(), params] as const,
  order: (orderId: number) => [...adminKeys.all, "order", orderId] as const,
};

type OverviewQuery = z.input<typeof overviewQuerySchema>;

/** The search is trimmed and sent only when something is left. */
export function overviewQueryParams(
  params: OverviewParams,
): OverviewQuery & Record<string, string | number | undefined> {
  const search = params.search.trim();
  return {
    page: params.page,
    limit: params.limit,
    search: search === "" ? undefined : search,
    month: params.month,
    year: params.year,
    sort: params.sort,
    dir: params.dir,
  };
}

export function fetchOverview(params: OverviewParams, signal?: AbortSignal): Promise<AdminOverview> {
  return api.get<AdminOverview>("/order/admin/overview", overviewQueryParams(params), signal);
}

export const overviewQuery = (params: OverviewParams) =>
  queryOptions({
    queryKey: adminKeys.overviewPage(params),
    queryFn: ({ signal }) => fetchOverview(params, signal),
    // The table keeps showing the last page while the next one loads.
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

export const orderDetailQuery = (orderId: number) =>
  queryOptions({
    queryKey: adminKeys.order(orderId),
    queryFn: ({ signal }) => api.get<OrderDetail>(`/order/${orderId}`, undefined, signal),
    staleTime: 0,
  });

export function updateOrderStatus(orderId: number, status: OrderStatus, paymentStatus?: "Paid"): Promise<OrderDetail> {
  const body: z.input<typeof statusBody> = paymentStatus ? { status, paymentStatus } : { status };
  return api.patch<OrderDetail>(`/order/${orderId}/status`, body);
}

export function uploadProof(orderId: number, file: File): Promise<ProofAnswer> {
  const form = new FormData();
  form.append("order_proof", file);
  return api.put<ProofAnswer>(`/order/${orderId}/proof`, form);
}

/** Finishing an order: upload the delivery proof, then mark the order Finished and Paid. */
export async function finishWithProof(orderId: number, file: File): Promise<OrderDetail> {
  await uploadProof(orderId, file);
  return updateOrderStatus(orderId, "Finished", "Paid");
}
