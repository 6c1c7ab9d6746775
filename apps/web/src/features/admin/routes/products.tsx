import type { Product } from "@florist/contract";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { ConfirmModal } from "../../../components/modal";
import { EmptyState, LoadingState } from "../../../components/page-state";
import { useAuth } from "../../../lib/auth";
import { useTranslation } from "../../../lib/i18n";
import { adminProductsQuery, categoriesQuery, PRODUCTS_PAGE_SIZE } from "../api/products";
import { AccessDenied } from "../components/access-denied";
import { AdminHeader } from "../components/admin-header";
import { AdminNotice } from "../components/admin-notice";
import { ProductFormModal } from "../components/product-form-modal";
import { ProductsTable } from "../components/products-table";
import { ProductsToolbar } from "../components/products-toolbar";
import { TransactionsPagination } from "../components/transactions-pagination";
import { useCoverPicker } from "../hooks/use-cover-picker";
import { useProductActions } from "../hooks/use-product-actions";
import { useProductsFilter } from "../hooks/use-products-filter";
import { categoryNamer } from "../lib/products";
import { pageRange } from "../lib/transactions";
import "../admin.css";

export default function AdminProductsPage() {
  const { t } = useTranslation();
  const { isAdmin, isLoading } = useAuth();
  if (isLoading) return <LoadingState text={t("Loading...")} />;
  if (!isAdmin) return <AccessDenied />;
  return <ManageProducts />;
}

type Editing = { mode: "add" } | { mode: "edit"; product: Product } | null;

/**
 * Manage Products: the product list, searched, filtered, sorted and paged on the server, with its
 * actions, and the form to add or edit a product.
 */
function ManageProducts() {
  const { t } = useTranslation();
  const filter = useProductsFilter();
  const { params } = filter;
  const products = useQuery(adminProductsQuery(params));
  const categories = useQuery(categoriesQuery);
  const actions = useProductActions();
  const cover = useCoverPicker(actions.replaceCover, (text) => actions.setNotice({ kind: "error", text }));
  const [editing, setEditing] = useState<Editing>(null);

  const loading = products.isFetching || categories.isFetching;
  const rows = products.data?.items ?? [];
  const total = products.data?.total ?? 0;
  const filtered = params.q !== "" || params.categoryId !== null || params.availability !== null;
  let content: React.ReactNode;
  if (products.isPending) content = <LoadingState text={t("Loading...")} />;
  else if (rows.length === 0) {
    const empty = filtered ? t("No products match these filters.") : t("No products yet. Add the first one.");
    content = products.error ? null : <EmptyState text={empty} />;
  } else
    content = (
      <div aria-busy={products.isFetching} className={products.isPlaceholderData ? "admin-refreshing" : undefined}>
        <ProductsTable
          products={rows}
          categoryName={categoryNamer(categories.data ?? [])}
          order={params}
          onSort={filter.sortByColumn}
          busyProductId={actions.busyProductId}
          onChangeImage={cover.pick}
          onEdit={(product) => setEditing({ mode: "edit", product })}
          onToggleAvailability={actions.toggleAvailability}
          onDelete={actions.askDelete}
        />
      </div>
    );

  return (
    <div className="container page admin-page">
      <AdminHeader
        title={t("Manage Products")}
        subtitle={t("Add, edit stock, and set product availability.")}
        actions={
          <>
            <button type="button" className="btn btn-primary" onClick={() => setEditing({ mode: "add" })}>
              {t("Add Product")}
            </button>
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => void Promise.all([products.refetch(), categories.refetch()])}
              disabled={loading}
            >
              {loading ? t("Loading...") : t("Refresh Data")}
            </button>
          </>
        }
      />

      {products.error || categories.error ? (
        <p className="alert alert-error admin-notice" role="alert">
          {t("Failed to load product data.")}
        </p>
      ) : null}
      <AdminNotice notice={actions.notice} />

      <section className="card admin-card" aria-labelledby="product-list-title">
        <div className="admin-card-head">
          <h2 id="product-list-title" className="admin-card-title">
            {t("Product List")}
          </h2>
          {products.data ? <span className="admin-count">{total}</span> : null}
        </div>
        <ProductsToolbar
          params={params}
          categories={categories.data ?? []}
          searchInput={filter.searchInput}
          onSearchInput={filter.setSearchInput}
          onSearch={filter.applySearch}
          onReset={filter.resetSearch}
          onCategory={filter.setCategory}
          onAvailability={filter.setAvailability}
          onSort={filter.setSort}
        />
        {content}
        {total > 0 || params.page > 1 ? (
          <TransactionsPagination
            label={t("Product pages")}
            range={pageRange(params.page, PRODUCTS_PAGE_SIZE, rows.length, total)}
            canGoBack={params.page > 1 && !products.isFetching}
            canGoOn={params.page * PRODUCTS_PAGE_SIZE < total && !products.isFetching}
            onPrevious={filter.previousPage}
            onNext={filter.nextPage}
          />
        ) : null}
      </section>

      <input
        {...cover.inputProps}
        type="file"
        accept="image/*"
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
      />

      {editing ? (
        <ProductFormModal
          product={editing.mode === "edit" ? editing.product : null}
          categories={categories.data ?? []}
          onClose={() => setEditing(null)}
          onSaved={(result, mode) => {
            setEditing(null);
            actions.saved(result, mode);
          }}
        />
      ) : null}

      <ConfirmModal
        open={actions.deleting !== null}
        title={actions.deleting ? t("Delete {{name}}", { name: actions.deleting.name }) : ""}
        message={t("Delete this product?")}
        confirmLabel={t("Delete")}
        danger
        busy={actions.removing}
        onConfirm={actions.confirmDelete}
        onCancel={actions.cancelDelete}
      />
    </div>
  );
}
