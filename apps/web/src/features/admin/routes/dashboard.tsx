import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { MessageModal } from "../../../components/modal";
import { EmptyState, ErrorState, LoadingState } from "../../../components/page-state";
import { messageOf } from "../../../lib/api-client";
import { useAuth } from "../../../lib/auth";
import { useTranslation } from "../../../lib/i18n";
import { overviewQuery, PAGE_SIZE } from "../api/orders";
import { AccessDenied } from "../components/access-denied";
import { AdminHeader } from "../components/admin-header";
import { IncomeCard } from "../components/income-card";
import { OrderDetailModal } from "../components/order-detail-modal";
import { ReviewsCard } from "../components/reviews-card";
import { TransactionsPagination } from "../components/transactions-pagination";
import { TransactionsTable } from "../components/transactions-table";
import { TransactionsToolbar } from "../components/transactions-toolbar";
import { useTransactionsExport } from "../hooks/use-transactions-export";
import { useTransactionsFilter } from "../hooks/use-transactions-filter";
import { modeOfOrder, pageRange } from "../lib/transactions";
import "../admin.css";
import "../payments.css";

export default function AdminDashboardPage() {
  const { t } = useTranslation();
  const { isAdmin, isLoading } = useAuth();
  if (isLoading) return <LoadingState text={t("Memuat data admin...")} />;
  if (!isAdmin) return <AccessDenied />;
  return <Dashboard />;
}

/** The admin dashboard: the month's income, the latest reviews and the transactions with their actions. */
function Dashboard() {
  const { t } = useTranslation();
  const filter = useTransactionsFilter();
  const exporter = useTransactionsExport();
  const [detailId, setDetailId] = useState<number | null>(null);
  const { params } = filter;
  const { data, error, isPending, isFetching, isPlaceholderData } = useQuery(overviewQuery(params));

  if (isPending) return <LoadingState text={t("Memuat data admin...")} />;
  if (error || !data) return <ErrorState text={messageOf(error, t("Gagal memuat data admin."))} />;

  const limit = data.pagination.limit || PAGE_SIZE;
  const rows = data.transactions;
  const range = pageRange(data.pagination.page, limit, data.transactions.length, data.pagination.total);
  const refreshing = isFetching && isPlaceholderData;

  return (
    <div className="container page admin-page">
      <AdminHeader title={t("Admin Dashboard")} subtitle={t("Orders, income and the latest reviews of the shop.")} />

      <div className="admin-overview-grid">
        <IncomeCard
          month={params.month}
          year={params.year}
          income={data.monthlyIncome}
          updating={refreshing}
          onMonthChange={filter.setMonth}
        />
        <ReviewsCard reviews={data.reviews} />
      </div>

      <section className="card admin-card" aria-labelledby="transactions-title">
        <div className="admin-card-head">
          <h2 id="transactions-title" className="admin-card-title">
            {t("Transactions")}
          </h2>
          <button
            type="button"
            className="btn btn-secondary btn-small"
            onClick={() => exporter.exportExcel(params)}
            disabled={exporter.exporting}
            aria-busy={exporter.exporting}
          >
            {t("Export to Excel")}
          </button>
        </div>

        <TransactionsToolbar
          searchInput={filter.searchInput}
          sort={modeOfOrder(filter.order)}
          onSearchInput={filter.setSearchInput}
          onSearch={filter.applySearch}
          onReset={filter.resetSearch}
          onSort={filter.setSort}
        />

        {exporter.notice ? (
          <p className="alert alert-info admin-notice" role="status">
            {exporter.notice}
          </p>
        ) : null}

        <div aria-busy={isFetching} className={refreshing ? "admin-refreshing" : undefined}>
          {rows.length === 0 ? (
            <EmptyState
              text={
                params.search
                  ? t('No transactions match "{{search}}".', { search: params.search })
                  : t("No transactions yet.")
              }
            />
          ) : (
            <TransactionsTable rows={rows} order={filter.order} onSort={filter.sortByColumn} onView={setDetailId} />
          )}
        </div>

        <TransactionsPagination
          range={range}
          canGoBack={params.page > 1 && !isFetching}
          canGoOn={data.pagination.hasNext && !isFetching}
          onPrevious={filter.previousPage}
          onNext={filter.nextPage}
        />
      </section>

      <OrderDetailModal orderId={detailId} onClose={() => setDetailId(null)} />
      <MessageModal message={exporter.failure} onClose={exporter.dismissFailure} />
    </div>
  );
}
