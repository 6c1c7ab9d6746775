import type { Category } from "@florist/contract";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { ConfirmModal } from "../../../components/modal";
import { EmptyState, LoadingState } from "../../../components/page-state";
import { messageOf } from "../../../lib/api-client";
import { useAuth } from "../../../lib/auth";
import { useTranslation } from "../../../lib/i18n";
import { adminCategoriesQuery } from "../api/categories";
import { AccessDenied } from "../components/access-denied";
import { AdminHeader } from "../components/admin-header";
import { AdminNotice } from "../components/admin-notice";
import { CategoryNameForm } from "../components/category-name-form";
import { useCategoryActions } from "../hooks/use-category-actions";
import "../admin.css";
import "../categories.css";

export default function AdminCategoriesPage() {
  const { t } = useTranslation();
  const { isAdmin, isLoading } = useAuth();
  if (isLoading) return <LoadingState text={t("Loading...")} />;
  if (!isAdmin) return <AccessDenied />;
  return <ManageCategories />;
}

type Actions = ReturnType<typeof useCategoryActions>;

/** The catalogue's categories in the order its pills show them: add, rename, reorder, delete. */
function ManageCategories() {
  const { t } = useTranslation();
  const categories = useQuery(adminCategoriesQuery);
  const actions = useCategoryActions();
  // The row being dragged, by its place in the list; the buttons beside each row do the same by keyboard.
  const [dragFrom, setDragFrom] = useState<number | null>(null);

  let list: React.ReactNode;
  if (categories.isPending) list = <LoadingState text={t("Loading...")} />;
  else if (categories.error)
    list = (
      <p className="alert alert-error" role="alert">
        {messageOf(categories.error, t("The categories could not be loaded."))}
      </p>
    );
  else if (categories.data.length === 0) list = <EmptyState text={t("No categories yet. Add the first one above.")} />;
  else {
    const all = categories.data;
    list = (
      <ol className="category-list">
        {all.map((category, index) => (
          <li
            key={category.category_id}
            className={`category-row${dragFrom === index ? " is-dragging" : ""}`}
            aria-label={category.name}
            draggable={actions.renamingId !== category.category_id}
            onDragStart={(event) => {
              event.dataTransfer.effectAllowed = "move";
              setDragFrom(index);
            }}
            onDragOver={(event) => dragFrom !== null && event.preventDefault()}
            onDrop={(event) => {
              event.preventDefault();
              if (dragFrom !== null) actions.move(all, dragFrom, index);
              setDragFrom(null);
            }}
            onDragEnd={() => setDragFrom(null)}
          >
            <CategoryRow category={category} index={index} count={all.length} all={all} actions={actions} />
          </li>
        ))}
      </ol>
    );
  }

  return (
    <div className="container page admin-page admin-page-narrow">
      <AdminHeader
        title={t("Categories")}
        subtitle={t(
          "The groups of the catalogue, in the order shoppers see them. Drag a row or use the arrows to move it.",
        )}
      />
      <AdminNotice notice={actions.notice} />

      <section className="card admin-card" aria-labelledby="category-new-title">
        <h2 id="category-new-title" className="admin-card-title">
          {t("New category")}
        </h2>
        <CategoryNameForm
          label={t("Name of the new category")}
          submitLabel={t("Add category")}
          onSubmit={actions.add}
        />
      </section>

      <section className="card admin-card" aria-labelledby="category-list-title">
        <div className="admin-card-head">
          <h2 id="category-list-title" className="admin-card-title">
            {t("Catalogue order")}
          </h2>
          {categories.data ? <span className="admin-count">{categories.data.length}</span> : null}
        </div>
        {list}
      </section>

      <ConfirmModal
        open={actions.deleting !== null}
        title={actions.deleting ? t("Delete {{name}}", { name: actions.deleting.name }) : ""}
        message={t(
          "The category leaves the catalogue. A category that still has products, archived ones included, cannot be deleted.",
        )}
        confirmLabel={t("Delete")}
        danger
        busy={actions.removing}
        onConfirm={actions.confirmDelete}
        onCancel={actions.cancelDelete}
      />
    </div>
  );
}

interface RowProps {
  category: Category;
  index: number;
  count: number;
  all: Category[];
  actions: Actions;
}

function CategoryRow({ category, index, count, all, actions }: RowProps) {
  const { t } = useTranslation();
  const { name, category_id: id } = category;
  if (actions.renamingId === id)
    return (
      <CategoryNameForm
        initialName={name}
        label={t("New name for {{name}}", { name })}
        submitLabel={t("Save")}
        onSubmit={(body) => actions.saveName(id, body)}
        onCancel={actions.cancelRename}
      />
    );
  return (
    <>
      <span className="category-handle" aria-hidden="true">
        ⋮⋮
      </span>
      <span className="category-place">{index + 1}</span>
      <span className="category-name">{name}</span>
      <span className="category-actions">
        <button
          type="button"
          className="btn btn-secondary btn-small btn-icon"
          onClick={() => actions.move(all, index, index - 1)}
          disabled={index === 0 || actions.reordering}
          aria-label={t("Move {{name}} up", { name })}
        >
          ↑
        </button>
        <button
          type="button"
          className="btn btn-secondary btn-small btn-icon"
          onClick={() => actions.move(all, index, index + 1)}
          disabled={index === count - 1 || actions.reordering}
          aria-label={t("Move {{name}} down", { name })}
        >
          ↓
        </button>
        <button
          type="button"
          className="btn btn-secondary btn-small"
          onClick={() => actions.startRename(category)}
          aria-label={t("Rename {{name}}", { name })}
        >
          {t("Rename")}
        </button>
        <button
          type="button"
          className="btn btn-danger btn-small"
          onClick={() => actions.askDelete(category)}
          aria-label={t("Delete {{name}}", { name })}
        >
          {t("Delete")}
        </button>
      </span>
    </>
  );
}
