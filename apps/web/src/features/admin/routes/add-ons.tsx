import type { Customization } from "@florist/contract";
import { useQuery } from "@tanstack/react-query";
import { Currency } from "../../../components/currency";
import { LoadingState } from "../../../components/page-state";
import { useAuth } from "../../../lib/auth";
import { useTranslation } from "../../../lib/i18n";
import { addOnsQuery } from "../api/addons";
import { AccessDenied } from "../components/access-denied";
import { AddOnForm } from "../components/addon-form";
import { CollectionScreen, collectionList } from "../components/collection-screen";
import { useAddOnActions } from "../hooks/use-addon-actions";
import "../admin.css";
import "../addons.css";

export default function AdminAddOnsPage() {
  const { t } = useTranslation();
  const { isAdmin, isLoading } = useAuth();
  if (isLoading) return <LoadingState text={t("Loading...")} />;
  if (!isAdmin) return <AccessDenied />;
  return <ManageAddOns />;
}

/** Add-ons: the extras a shopper may put on a line (a card, a ribbon), each with its price. */
function ManageAddOns() {
  const { t } = useTranslation();
  const addOns = useQuery(addOnsQuery);
  const actions = useAddOnActions();
  const list = collectionList(
    addOns,
    { failed: t("The add-ons could not be loaded."), empty: t("No add-ons yet. Add the first one above.") },
    (items) => (
      <ul className="addon-list">
        {items.map((addOn) => (
          <AddOnRow key={addOn.customization_id} addOn={addOn} actions={actions} />
        ))}
      </ul>
    ),
  );
  return (
    <CollectionScreen
      title={t("Add-ons")}
      subtitle={t("Extras shoppers can add to a bouquet, such as a greeting card or a ribbon.")}
      notice={actions.notice}
      newTitle={t("New add-on")}
      form={
        <AddOnForm submitLabel={t("Add add-on")} pendingLabel={t("Adding...")} onSubmit={actions.add} resetOnSave />
      }
      listTitle={t("Add-ons on offer")}
      count={addOns.data?.length}
      list={list}
      deleting={actions.deleting}
      deleteMessage={t(
        "Shoppers will no longer be able to choose it. If orders already have it, they keep showing it with the price they paid.",
      )}
      removing={actions.removing}
      onConfirmDelete={actions.confirmDelete}
      onCancelDelete={actions.cancelDelete}
    />
  );
}

function AddOnRow({ addOn, actions }: { addOn: Customization; actions: ReturnType<typeof useAddOnActions> }) {
  const { t } = useTranslation();
  if (actions.editingId === addOn.customization_id)
    return (
      <li className="addon-row is-editing" aria-label={t("Editing {{name}}", { name: addOn.name })}>
        <AddOnForm
          initial={addOn}
          submitLabel={t("Save")}
          pendingLabel={t("Saving...")}
          onSubmit={(body) => actions.save(addOn.customization_id, body)}
          onCancel={actions.cancelEdit}
        />
      </li>
    );
  return (
    <li className="addon-row" aria-label={addOn.name}>
      <span className="addon-name">{addOn.name}</span>
      <Currency amount={addOn.price} className="addon-price" />
      <span className="addon-actions">
        <button
          type="button"
          className="btn btn-secondary btn-small"
          onClick={() => actions.startEdit(addOn)}
          aria-label={t("Edit {{name}}", { name: addOn.name })}
        >
          {t("Edit")}
        </button>
        <button
          type="button"
          className="btn btn-danger btn-small"
          onClick={() => actions.askDelete(addOn)}
          aria-label={t("Delete {{name}}", { name: addOn.name })}
        >
          {t("Delete")}
        </button>
      </span>
    </li>
  );
}
