import type { AuditPage, AuditQuery } from "@florist/contract";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export interface AuditParams {
  page: number;
  /** Every admin when undefined. */
  userId: number | undefined;
  /** Every kind when empty. */
  kind: string;
}

export const AUDIT_PAGE_SIZE = 20;

export function auditQueryParams(params: AuditParams): AuditQuery & Record<string, string | number | undefined> {
  return {
    page: params.page,
    limit: AUDIT_PAGE_SIZE,
    userId: params.userId,
    kind: params.kind === "" ? undefined : params.kind,
  };
}

export const auditLogQuery = (params: AuditParams) =>
  queryOptions({
    queryKey: ["admin", "audit", params],
    queryFn: ({ signal }) => api.get<AuditPage>("/admin/audit", auditQueryParams(params), signal),
    // The list keeps showing the last page while the next one loads.
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
