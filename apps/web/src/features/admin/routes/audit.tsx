import type { AuditEntry, AuditPage } from "@florist/contract";
import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { EmptyState, ErrorState, LoadingState } from "../../../components/page-state";
import { messageOf } from "../../../lib/api-client";
import { useAuth } from "../../../lib/auth";
import { useTranslation } from "../../../lib/i18n";
import { AUDIT_PAGE_SIZE, type AuditParams, auditLogQuery } from "../api/audit";
import { AccessDenied } from "../components/access-denied";
import { AdminHeader } from "../components/admin-header";
import { TransactionsPagination } from "../components/transactions-pagination";
import { actionName, kindName } from "../lib/audit-actions";
import { describeChange, targetName } from "../lib/audit-details";
import { formatAdminDateTime } from "../lib/format";
import { pageRange } from "../lib/transactions";
import "../admin.css";
import "../audit.css";

export default function AdminAuditPage() {
  const { t } = useTranslation();
  const { isAdmin, isLoading } = useAuth();
  if (isLoading) return <LoadingState text={t("Loading the audit log...")} />;
  if (!isAdmin) return <AccessDenied />;
  return <AuditLog />;
}

/** Who changed what in the shop, newest first, paged and filtered on the server. */
function AuditLog() {
  const { t } = useTranslation();
  const [params, setParams] = useState<AuditParams>({ page: 1, userId: undefined, kind: "" });
  const { data, error, isPending, isFetching, isPlaceholderData } = useQuery(auditLogQuery(params));

  if (isPending) return <LoadingState text={t("Loading the audit log...")} />;
  if (error || !data) return <ErrorState text={messageOf(error, t("The audit log could not be loaded."))} />;

  const range = pageRange(data.pagination.page, AUDIT_PAGE_SIZE, data.entries.length, data.pagination.total);
  const filtering = params.userId !== undefined || params.kind !== "";

  return (
    <div className="container page admin-page">
      <AdminHeader title={t("Audit Log")} subtitle={t("Every change an admin made to the shop, newest first.")} />
      <section className="card admin-card" aria-label={t("Changes")}>
        <AuditFilters
          filters={data.filters}
          params={params}
          onChange={(next) => setParams({ ...params, ...next, page: 1 })}
        />
        <div aria-busy={isFetching} className={isFetching && isPlaceholderData ? "admin-refreshing" : undefined}>
          {data.entries.length === 0 ? (
            <EmptyState text={filtering ? t("No changes match these filters.") : t("No changes yet.")} />
          ) : (
            <AuditTable entries={data.entries} />
          )}
        </div>
        <TransactionsPagination
          label={t("Audit log pages")}
          range={range}
          canGoBack={params.page > 1 && !isFetching}
          canGoOn={data.pagination.hasNext && !isFetching}
          onPrevious={() => setParams({ ...params, page: Math.max(1, params.page - 1) })}
          onNext={() => setParams({ ...params, page: params.page + 1 })}
        />
      </section>
    </div>
  );
}

interface AuditFiltersProps {
  filters: AuditPage["filters"];
  params: AuditParams;
  onChange: (next: Pick<AuditParams, "userId" | "kind">) => void;
}

function AuditFilters({ filters, params, onChange }: AuditFiltersProps) {
  const { t } = useTranslation();
  const adminId = useId();
  const kindId = useId();
  return (
    <div className="admin-toolbar audit-filters">
      <div className="admin-sort">
        <label htmlFor={adminId}>{t("Admin")}</label>
        <select
          id={adminId}
          className="select select-compact"
          value={params.userId ?? ""}
          onChange={(event) =>
            onChange({ userId: event.target.value ? Number(event.target.value) : undefined, kind: params.kind })
          }
        >
          <option value="">{t("All admins")}</option>
          {filters.admins.map((admin) => (
            <option key={admin.userId} value={admin.userId}>
              {admin.username}
            </option>
          ))}
        </select>
      </div>
      <div className="admin-sort">
        <label htmlFor={kindId}>{t("Kind")}</label>
        <select
          id={kindId}
          className="select select-compact"
          value={params.kind}
          onChange={(event) => onChange({ userId: params.userId, kind: event.target.value })}
        >
          <option value="">{t("All kinds")}</option>
          {filters.kinds.map((kind) => (
            <option key={kind} value={kind}>
              {kindName(kind)}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

function AuditTable({ entries }: { entries: readonly AuditEntry[] }) {
  const { t } = useTranslation();
  return (
    <div className="admin-table-wrap">
      <table className="admin-table audit-table">
        <thead>
          <tr>
            <th scope="col">{t("Time (WIB)")}</th>
            <th scope="col">{t("Admin")}</th>
            <th scope="col">{t("What")}</th>
            <th scope="col">{t("Before → After")}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td data-label={t("Time (WIB)")}>{formatAdminDateTime(entry.at)}</td>
              <td data-label={t("Admin")}>{entry.username}</td>
              <th scope="row" data-label={t("What")}>
                <span className="audit-action">{actionName(entry.action)}</span>{" "}
                <span className="audit-target">{targetName(entry.target)}</span>
              </th>
              <td data-label={t("Before → After")} className="audit-change-cell">
                <ChangeLines entry={entry} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ChangeLines({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  const lines = describeChange(entry.details);
  if (lines.length === 0) return <span className="admin-muted">{t("No details")}</span>;
  return (
    <ul className="audit-changes">
      {lines.map((line) =>
        line.kind === "change" ? (
          <li key={`change-${line.label ?? ""}`}>
            {line.label ? <span className="audit-field">{line.label}:</span> : null}{" "}
            <span className="audit-before">{line.before}</span>{" "}
            <span aria-hidden="true" className="audit-arrow">
              →
            </span>{" "}
            <span className="visually-hidden">{t("to")}</span> <span className="audit-after">{line.after}</span>
          </li>
        ) : (
          <li key={`note-${line.label}`}>
            <span className="audit-field">{line.label}:</span> <span>{line.value}</span>
          </li>
        ),
      )}
    </ul>
  );
}
