import type { Customization } from "@florist/contract";
import { useQuery } from "@tanstack/react-query";
import { Currency } from "../../../components/currency";
import { LoadingState } from "../../../components/page-state";
import { useAuth } from "../../../lib/auth";
import { addOnsQuery } from "../api/addons";
import { AccessDenied } from "../components/access-denied";
import { AddOnForm } from "../components/addon-form";
import { CollectionScreen, collectionList } from "../components/collection-screen";
import { useAddOnActions } from "../hooks/use-addon-actions";
import "../admin.css";
import "../addons.css";

export default function AdminAddOnsPage() {
  const { isAdmin, isLoading } = useAuth();
  if (isLoading) return <LoadingState text="Loading..." />;
  if (!isAdmin) return <AccessDenied />;
  return <ManageAddOns />;
}

/** Add-ons: the extras a shopper may put on a line (a card, a ribbon), each with its price. */
function ManageAddOns() {
  const addOns = useQuery(addOnsQuery);
  const actions = useAddOnActions();
  const list = collectionList(
    addOns,
    { failed: "The add-ons could not be loaded.", empty: "No add-ons yet. Add the first one above." },
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
      title="Add-ons"
      subtitle="Extras shoppers can add to a bouquet, such as a greeting card or a ribbon."
      notice={actions.notice}
      newTitle="New add-on"
      form={<AddOnForm submitLabel="Add add-on" pendingLabel="Adding..." onSubmit={actions.add} resetOnSave />}
      listTitle="Add-ons on offer"
      count={addOns.data?.length}
      list={list}
      deleting={actions.deleting}
      deleteMessage="Shoppers will no longer be able to choose it. If orders already have it, they keep showing it with the price they paid."
      removing={actions.removing}
      onConfirmDelete={actions.confirmDelete}
      onCancelDelete={actions.cancelDelete}
    />
  );
}

function AddOnRow({ addOn, actions }: { addOn: Customization; actions: ReturnType<typeof useAddOnActions> }) {
  if (actions.editingId === addOn.customization_id)
    return (
      <li className="addon-row is-editing" aria-label={`Editing ${addOn.name}`}>
        <AddOnForm
          initial={addOn}
          submitLabel="Save"
          pendingLabel="Saving..."
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
          aria-label={`Edit ${addOn.name}`}
        >
          Edit
        </button>
        <button
          type="button"
          className="btn btn-danger btn-small"
          onClick={() => actions.askDelete(addOn)}
          aria-label={`Delete ${addOn.name}`}
        >
          Delete
        </button>
      </span>
    </li>
  );
}
