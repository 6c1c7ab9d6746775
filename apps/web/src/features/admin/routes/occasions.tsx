import type { Occasion } from "@florist/contract";
import { useQuery } from "@tanstack/react-query";
import { ConfirmModal } from "../../../components/modal";
import { EmptyState, LoadingState } from "../../../components/page-state";
import { messageOf } from "../../../lib/api-client";
import { useAuth } from "../../../lib/auth";
import { useTranslation } from "../../../lib/i18n";
import { adminOccasionsQuery } from "../api/occasions";
import { AccessDenied } from "../components/access-denied";
import { AdminHeader } from "../components/admin-header";
import { AdminNotice } from "../components/admin-notice";
import { CategoryNameForm } from "../components/category-name-form";
import { useOccasionActions } from "../hooks/use-occasion-actions";
import "../admin.css";
import "../categories.css";

export default function AdminOccasionsPage() {
  const { t } = useTranslation();
  const { isAdmin, isLoading } = useAuth();
  if (isLoading) return <LoadingState text={t("Loading...")} />;
  if (!isAdmin) return <AccessDenied />;
  return <ManageOccasions />;
}

type Actions = ReturnType<typeof useOccasionActions>;

/** The occasions shoppers choose a gift by (contract §7.7): add, rename, delete. Products are tagged in their form. */
function ManageOccasions() {
  const { t } = useTranslation();
  const occasions = useQuery(adminOccasionsQuery);
  const actions = useOccasionActions();

  let list: React.ReactNode;
  if (occasions.isPending) list = <LoadingState text={t("Loading...")} />;
  else if (occasions.error)
    list = (
      <p className="alert alert-error" role="alert">
        {messageOf(occasions.error, t("The occasions could not be loaded."))}
      </p>
    );
  else if (occasions.data.length === 0) list = <EmptyState text={t("No occasions yet. Add the first one above.")} />;
  else
    list = (
      <ul className="category-list">
        {occasions.data.map((occasion) => (
          <li key={occasion.occasionId} className="category-row" aria-label={occasion.name}>
            <OccasionRow occasion={occasion} actions={actions} />
          </li>
        ))}
      </ul>
    );

  return (
    <div className="container page admin-page admin-page-narrow">
      <AdminHeader
        title={t("Occasions")}
        subtitle={t(
          "Shoppers choose gifts by these on the home page, in the catalogue and in the search. Tag a product with them in its form.",
        )}
      />
      <AdminNotice notice={actions.notice} />

      <section className="card admin-card" aria-labelledby="occasion-new-title">
        <h2 id="occasion-new-title" className="admin-card-title">
          {t("New occasion")}
        </h2>
        <CategoryNameForm
          label={t("Name of the new occasion")}
          submitLabel={t("Add occasion")}
          placeholder={t("e.g. Mother's Day")}
          onSubmit={actions.add}
        />
      </section>

      <section className="card admin-card" aria-labelledby="occasion-list-title">
        <div className="admin-card-head">
          <h2 id="occasion-list-title" className="admin-card-title">
            {t("All occasions")}
          </h2>
          {occasions.data ? <span className="admin-count">{occasions.data.length}</span> : null}
        </div>
        {list}
      </section>

      <ConfirmDelete actions={actions} />
    </div>
  );
}

/** Asks before an occasion goes; its products stay, untagged. */
function ConfirmDelete({ actions }: { actions: Actions }) {
  const { t } = useTranslation();
  const occasion = actions.deleting;
  return (
    <ConfirmModal
      open={occasion !== null}
      title={occasion === null ? "" : t("Delete {{name}}", { name: occasion.name })}
      message={t("The occasion leaves the shop. Its products stay on sale, no longer tagged with it.")}
      confirmLabel={t("Delete")}
      danger
      busy={actions.removing}
      onConfirm={actions.confirmDelete}
      onCancel={actions.cancelDelete}
    />
  );
}

function OccasionRow({ occasion, actions }: { occasion: Occasion; actions: Actions }) {
  const { t } = useTranslation();
  const { name, occasionId: id } = occasion;
  if (actions.renamingId === id)
    return (
      <CategoryNameForm
        initialName={name}
        label={t("New name for {{name}}", { name })}
        submitLabel={t("Save")}
        onSubmit={(body) => actions.rename(id, body)}
        onCancel={actions.cancelRename}
      />
    );
  return (
    <>
      <span className="category-name">{name}</span>
      <span className="occasion-count">{t("{{count}} products on sale", { count: occasion.productCount })}</span>
      <span className="category-actions">
        <button
          type="button"
          className="btn btn-secondary btn-small"
          onClick={() => actions.startRename(occasion)}
          aria-label={t("Rename {{name}}", { name })}
        >
          {t("Rename")}
        </button>
        <button
          type="button"
          className="btn btn-danger btn-small"
          onClick={() => actions.askDelete(occasion)}
          aria-label={t("Delete {{name}}", { name })}
        >
          {t("Delete")}
        </button>
      </span>
    </>
  );
}
