import type { Product } from "@florist/contract";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { ConfirmModal } from "../../../components/modal";
import { EmptyState, LoadingState } from "../../../components/page-state";
import { useAuth } from "../../../lib/auth";
import { adminProductsQuery, categoriesQuery } from "../api/products";
import { AccessDenied } from "../components/access-denied";
import { AdminHeader } from "../components/admin-header";
import { AdminNotice } from "../components/admin-notice";
import { ProductFormModal } from "../components/product-form-modal";
import { ProductsTable } from "../components/products-table";
import { useCoverPicker } from "../hooks/use-cover-picker";
import { useProductActions } from "../hooks/use-product-actions";
import { categoryNamer } from "../lib/products";
import "../admin.css";

export default function AdminProductsPage() {
  const { isAdmin, isLoading } = useAuth();
  if (isLoading) return <LoadingState text="Loading..." />;
  if (!isAdmin) return <AccessDenied />;
  return <ManageProducts />;
}

type Editing = { mode: "add" } | { mode: "edit"; product: Product } | null;

/** Manage Products: the product list with its actions, and the form to add or edit a product. */
function ManageProducts() {
  const products = useQuery(adminProductsQuery);
  const categories = useQuery(categoriesQuery);
  const actions = useProductActions();
  const cover = useCoverPicker(actions.replaceCover, (text) => actions.setNotice({ kind: "error", text }));
  const [editing, setEditing] = useState<Editing>(null);

  const loading = products.isFetching || categories.isFetching;
  let content: React.ReactNode;
  if (products.isPending) content = <LoadingState text="Loading..." />;
  else if (!products.data || products.data.length === 0)
    content = products.error ? null : <EmptyState text="No products yet. Add the first one." />;
  else
    content = (
      <ProductsTable
        products={products.data}
        categoryName={categoryNamer(categories.data ?? [])}
        busyProductId={actions.busyProductId}
        onChangeImage={cover.pick}
        onEdit={(product) => setEditing({ mode: "edit", product })}
        onToggleAvailability={actions.toggleAvailability}
        onDelete={actions.askDelete}
      />
    );

  return (
    <div className="container page admin-page">
      <AdminHeader
        title="Manage Products"
        subtitle="Add, edit stock, and set product availability."
        actions={
          <>
            <button type="button" className="btn btn-primary" onClick={() => setEditing({ mode: "add" })}>
              Add Product
            </button>
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => void Promise.all([products.refetch(), categories.refetch()])}
              disabled={loading}
            >
              {loading ? "Loading..." : "Refresh Data"}
            </button>
          </>
        }
      />

      {products.error || categories.error ? (
        <p className="alert alert-error admin-notice" role="alert">
          Failed to load product data.
        </p>
      ) : null}
      <AdminNotice notice={actions.notice} />

      <section className="card admin-card" aria-labelledby="product-list-title">
        <div className="admin-card-head">
          <h2 id="product-list-title" className="admin-card-title">
            Product List
          </h2>
          {products.data ? <span className="admin-count">{products.data.length}</span> : null}
        </div>
        {content}
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
        title={actions.deleting ? `Delete ${actions.deleting.name}` : ""}
        message="Delete this product?"
        confirmLabel="Delete"
        danger
        busy={actions.removing}
        onConfirm={actions.confirmDelete}
        onCancel={actions.cancelDelete}
      />
    </div>
  );
}
