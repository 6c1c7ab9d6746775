import type { AdminTransaction } from "@florist/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { ConfirmModal, MessageModal } from "../../../components/modal";
import { EmptyState, ErrorState, LoadingState } from "../../../components/page-state";
import { messageOf } from "../../../lib/api-client";
import { useAuth } from "../../../lib/auth";
import { formatOrderId } from "../../../lib/format";
import {
  adminKeys,
  fetchOverview,
  type OverviewParams,
  overviewQuery,
  PAGE_SIZE,
  updateOrderStatus,
} from "../api/orders";
import { AccessDenied } from "../components/access-denied";
import { AdminHeader } from "../components/admin-header";
import { IncomeCard } from "../components/income-card";
import { OrderDetailModal } from "../components/order-detail-modal";
import { ProofUploadModal } from "../components/proof-upload-modal";
import { ReviewsCard } from "../components/reviews-card";
import { TransactionsTable } from "../components/transactions-table";
import { buildWorkbook, downloadBlob, EXPORT_LIMIT, exportFileName, exportRows } from "../lib/export";
import { currentMonthAndYear } from "../lib/months";
import { pageRange, type SortMode, type StatusAction, sortTransactions } from "../lib/transactions";
import "../admin.css";

const LOADING_TEXT = "Memuat data admin...";

export default function AdminDashboardPage() {
  const { isAdmin, isLoading } = useAuth();
  if (isLoading) return <LoadingState text={LOADING_TEXT} />;
  if (!isAdmin) return <AccessDenied />;
  return <Dashboard />;
}

interface PendingStatus {
  row: AdminTransaction;
  action: Exclude<StatusAction, "finish">;
}

const STATUS_CHANGES = {
  "start-delivery": {
    title: "Start Delivery",
    question: "Mark this order as In Delivery?",
    status: "In Delivery",
    confirmLabel: "Yes, start delivery",
  },
  reject: {
    title: "Reject Order",
    question: "Deny this order? The order will be marked as Denied.",
    status: "Denied",
    confirmLabel: "Yes, reject",
  },
} as const;

function Dashboard() {
  const queryClient = useQueryClient();
  const searchId = useId();
  const sortId = useId();
  const [{ month, year }, setPeriod] = useState(currentMonthAndYear);
  const [page, setPage] = useState(1);
  const [searchInput, setSearchInput] = useState("");
  const [search, setSearch] = useState("");
  const [sort, setSort] = useState<SortMode>("status");
  const [detailId, setDetailId] = useState<number | null>(null);
  const [proofId, setProofId] = useState<number | null>(null);
  const [pending, setPending] = useState<PendingStatus | null>(null);
  const [failure, setFailure] = useState<{ title: string; body: string } | null>(null);
  const [exportNotice, setExportNotice] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);

  const params: OverviewParams = { page, limit: PAGE_SIZE, search, month, year };
  const { data, error, isPending, isFetching, isPlaceholderData } = useQuery(overviewQuery(params));

  const reload = () => queryClient.invalidateQueries({ queryKey: adminKeys.overview() });

  const changeStatus = useMutation({
    mutationFn: ({ row, action }: PendingStatus) => updateOrderStatus(row.order_id, STATUS_CHANGES[action].status),
    onSuccess: (_order, { row }) => {
      queryClient.removeQueries({ queryKey: adminKeys.order(row.order_id) });
      return reload();
    },
    onError: (err) => setFailure({ title: "Status not updated", body: messageOf(err, "Gagal memperbarui status.") }),
    onSettled: () => setPending(null),
  });

  if (isPending) return <LoadingState text={LOADING_TEXT} />;
  if (error || !data) return <ErrorState text={messageOf(error, "Gagal memuat data admin.")} />;

  const limit = data.pagination.limit || PAGE_SIZE;
  const rows = sortTransactions(data.transactions, sort);
  const range = pageRange(data.pagination.page, limit, data.transactions.length, data.pagination.total);

  function submitSearch(event: React.FormEvent) {
    event.preventDefault();
    setSearch(searchInput.trim());
    setSearchInput((value) => value.trim());
    setPage(1);
  }

  function resetSearch() {
    setSearchInput("");
    setSearch("");
    setPage(1);
  }

  function onAction(row: AdminTransaction, action: StatusAction) {
    // Finished goes straight to the proof upload; its confirmation comes with the proof (spec §4).
    if (action === "finish") setProofId(row.order_id);
    else setPending({ row, action });
  }

  async function exportExcel() {
    setExportNotice(null);
    setExporting(true);
    try {
      const latest = await queryClient.fetchQuery({
        queryKey: [...adminKeys.overview(), "export", { search, month, year }],
        queryFn: () => fetchOverview({ page: 1, limit: EXPORT_LIMIT, search, month, year }),
        staleTime: 0,
      });
      const exported = exportRows(latest.transactions);
      if (exported.length === 0) {
        setExportNotice("No data to export.");
        return;
      }
      downloadBlob(await buildWorkbook(exported), exportFileName(month, year));
    } catch (err) {
      setFailure({ title: "Export failed", body: messageOf(err, "The spreadsheet could not be created.") });
    } finally {
      setExporting(false);
    }
  }

  const change = pending ? STATUS_CHANGES[pending.action] : null;

  return (
    <div className="container page admin-page">
      <AdminHeader title="Admin Dashboard" subtitle="Orders, income and the latest reviews of the shop." />

      <div className="admin-overview-grid">
        <IncomeCard
          month={month}
          year={year}
          income={data.monthlyIncome}
          updating={isFetching && isPlaceholderData}
          onMonthChange={(next) => setPeriod((period) => ({ ...period, month: next }))}
        />
        <ReviewsCard reviews={data.reviews} />
      </div>

      <section className="card admin-card" aria-labelledby="transactions-title">
        <div className="admin-card-head">
          <h2 id="transactions-title" className="admin-card-title">
            Transactions
          </h2>
          <button
            type="button"
            className="btn btn-secondary btn-small"
            onClick={exportExcel}
            disabled={exporting}
            aria-busy={exporting}
          >
            Export to Excel
          </button>
        </div>

        <div className="admin-toolbar">
          <search className="admin-search">
            <form className="admin-search-form" onSubmit={submitSearch}>
              <label htmlFor={searchId} className="visually-hidden">
                Search transactions
              </label>
              <input
                id={searchId}
                type="search"
                className="input"
                placeholder="Order ID or customer"
                value={searchInput}
                onChange={(event) => setSearchInput(event.target.value)}
              />
              <button type="submit" className="btn btn-primary btn-small">
                Search
              </button>
              <button type="button" className="btn btn-ghost btn-small" onClick={resetSearch}>
                Reset
              </button>
            </form>
          </search>
          <div className="admin-sort">
            <label htmlFor={sortId}>Sort by</label>
            <select
              id={sortId}
              className="select select-compact"
              value={sort}
              onChange={(event) => setSort(event.target.value as SortMode)}
            >
              <option value="status">Status</option>
              <option value="newest">Newest</option>
            </select>
          </div>
        </div>

        {exportNotice ? (
          <p className="alert alert-info admin-notice" role="status">
            {exportNotice}
          </p>
        ) : null}

        <div aria-busy={isFetching} className={isFetching && isPlaceholderData ? "admin-refreshing" : undefined}>
          {rows.length === 0 ? (
            <EmptyState text={search ? `No transactions match "${search}".` : "No transactions yet."} />
          ) : (
            <TransactionsTable
              rows={rows}
              busyOrderId={changeStatus.isPending ? (changeStatus.variables?.row.order_id ?? null) : null}
              onView={setDetailId}
              onAction={onAction}
            />
          )}
        </div>

        <nav className="admin-pagination" aria-label="Transactions pages">
          <p className="admin-muted" aria-live="polite">
            Showing {range.from}-{range.to} of {range.total}
          </p>
          <div className="admin-pagination-buttons">
            <button
              type="button"
              className="btn btn-secondary btn-small"
              onClick={() => setPage((current) => Math.max(1, current - 1))}
              disabled={page <= 1 || isFetching}
            >
              Previous
            </button>
            <button
              type="button"
              className="btn btn-secondary btn-small"
              onClick={() => setPage((current) => current + 1)}
              disabled={!data.pagination.hasNext || isFetching}
            >
              Next
            </button>
          </div>
        </nav>
      </section>

      <OrderDetailModal orderId={detailId} onClose={() => setDetailId(null)} />

      {proofId !== null ? (
        <ProofUploadModal
          orderId={proofId}
          onClose={() => setProofId(null)}
          onFinished={() => {
            queryClient.removeQueries({ queryKey: adminKeys.order(proofId) });
            setProofId(null);
            void reload();
          }}
        />
      ) : null}

      <ConfirmModal
        open={pending !== null}
        title={change && pending ? `${change.title} · ${formatOrderId(pending.row.order_id)}` : ""}
        message={change?.question}
        confirmLabel={change?.confirmLabel ?? ""}
        danger={pending?.action === "reject"}
        busy={changeStatus.isPending}
        onConfirm={() => pending && changeStatus.mutate(pending)}
        onCancel={() => setPending(null)}
      />

      <MessageModal message={failure} onClose={() => setFailure(null)} />
    </div>
  );
}
