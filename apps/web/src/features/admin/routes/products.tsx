import type { Product } from "@florist/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { ConfirmModal } from "../../../components/modal";
import { EmptyState, LoadingState } from "../../../components/page-state";
import { messageOf } from "../../../lib/api-client";
import { useAuth } from "../../../lib/auth";
import {
  adminProductsQuery,
  categoriesQuery,
  deleteProduct,
  productKeys,
  replaceCover,
  type SaveResult,
  setAvailability,
  storefrontProductKeys,
} from "../api/products";
import { AccessDenied } from "../components/access-denied";
import { AdminHeader } from "../components/admin-header";
import { ProductFormModal } from "../components/product-form-modal";
import { ProductsTable } from "../components/products-table";
import type { FormMode } from "../lib/product-form";
import { imageFileProblem } from "../lib/product-form";
import { categoryNamer, isOutOfStock } from "../lib/products";
import "../admin.css";

export default function AdminProductsPage() {
  const { isAdmin, isLoading } = useAuth();
  if (isLoading) return <LoadingState text="Loading..." />;
  if (!isAdmin) return <AccessDenied />;
  return <ManageProducts />;
}

interface Notice {
  kind: "success" | "error";
  text: string;
}

type Editing = { mode: "add" } | { mode: "edit"; product: Product } | null;

function ManageProducts() {
  const queryClient = useQueryClient();
  const products = useQuery(adminProductsQuery);
  const categories = useQuery(categoriesQuery);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Product | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const coverInput = useRef<HTMLInputElement>(null);
  const coverTarget = useRef<Product | null>(null);

  async function refreshAll() {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: productKeys.list }),
      ...storefrontProductKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    ]);
  }

  const availability = useMutation({
    mutationFn: (product: Product) =>
      setAvailability(product.productId, isOutOfStock(product) ? "in_stock" : "out_of_stock"),
    onSuccess: (updated) => {
      setNotice(
        isOutOfStock(updated) && updated.stockQuantity <= 0
          ? { kind: "error", text: `${updated.name} has no stock left; set its stock with Edit to sell it again.` }
          : {
              kind: "success",
              text: `${updated.name} is now ${isOutOfStock(updated) ? "out of stock" : "available"}.`,
            },
      );
      return refreshAll();
    },
    onError: (error) => setNotice({ kind: "error", text: messageOf(error, "Failed to update product status.") }),
  });

  const cover = useMutation({
    mutationFn: ({ product, file }: { product: Product; file: File }) => replaceCover(product.productId, file),
    onSuccess: () => {
      setNotice({ kind: "success", text: "Product image updated." });
      return refreshAll();
    },
    onError: (error) => setNotice({ kind: "error", text: messageOf(error, "Failed to update product image.") }),
  });

  const remove = useMutation({
    mutationFn: (product: Product) => deleteProduct(product.productId),
    onSuccess: (_, product) => {
      setNotice({ kind: "success", text: `${product.name} was deleted.` });
      return refreshAll();
    },
    onError: (error) => setNotice({ kind: "error", text: messageOf(error, "Failed to delete product.") }),
    onSettled: () => setDeleting(null),
  });

  function pickCover(product: Product) {
    coverTarget.current = product;
    if (coverInput.current) {
      coverInput.current.value = "";
      coverInput.current.click();
    }
  }

  function coverChosen(event: React.ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    const product = coverTarget.current;
    if (!file || !product) return;
    const problem = imageFileProblem(file);
    event.target.value = "";
    if (problem) {
      setNotice({ kind: "error", text: problem });
      return;
    }
    cover.mutate({ product, file });
  }

  function saved(result: SaveResult, mode: FormMode) {
    setEditing(null);
    const base = mode === "add" ? "Product added successfully." : "Product updated successfully.";
    setNotice(
      result.failedImages > 0
        ? { kind: "error", text: `${base} ${result.failedImages} colour image(s) could not be saved.` }
        : { kind: "success", text: base },
    );
    void refreshAll();
  }

  const loading = products.isFetching || categories.isFetching;
  const busyProductId =
    (availability.isPending && availability.variables?.productId) ||
    (cover.isPending && cover.variables?.product.productId) ||
    (remove.isPending && remove.variables?.productId) ||
    null;
  const categoryName = categoryNamer(categories.data ?? []);

  let content: React.ReactNode;
  if (products.isPending) content = <LoadingState text="Loading..." />;
  else if (!products.data || products.data.length === 0)
    content = products.error ? null : <EmptyState text="No products yet. Add the first one." />;
  else
    content = (
      <ProductsTable
        products={products.data}
        categoryName={categoryName}
        busyProductId={busyProductId}
        onChangeImage={pickCover}
        onEdit={(product) => setEditing({ mode: "edit", product })}
        onToggleAvailability={(product) => availability.mutate(product)}
        onDelete={setDeleting}
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
      {notice ? (
        <p
          className={`alert ${notice.kind === "success" ? "alert-success" : "alert-error"} admin-notice`}
          role={notice.kind === "success" ? "status" : "alert"}
        >
          {notice.text}
        </p>
      ) : null}

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
        ref={coverInput}
        type="file"
        accept="image/*"
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        onChange={coverChosen}
      />

      {editing ? (
        <ProductFormModal
          product={editing.mode === "edit" ? editing.product : null}
          categories={categories.data ?? []}
          onClose={() => setEditing(null)}
          onSaved={saved}
        />
      ) : null}

      <ConfirmModal
        open={deleting !== null}
        title={deleting ? `Delete ${deleting.name}` : ""}
        message="Delete this product?"
        confirmLabel="Delete"
        danger
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
