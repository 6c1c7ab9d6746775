import type { Customization } from "@florist/contract";
import { useQuery } from "@tanstack/react-query";
import { Currency } from "../../../components/currency";
import { ConfirmModal } from "../../../components/modal";
import { EmptyState, LoadingState } from "../../../components/page-state";
import { messageOf } from "../../../lib/api-client";
import { useAuth } from "../../../lib/auth";
import { addOnsQuery } from "../api/addons";
import { AccessDenied } from "../components/access-denied";
import { AddOnForm } from "../components/addon-form";
import { AdminHeader } from "../components/admin-header";
import { AdminNotice } from "../components/admin-notice";
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

  let list: React.ReactNode;
  if (addOns.isPending) list = <LoadingState text="Loading..." />;
  else if (addOns.error)
    list = (
      <p className="alert alert-error" role="alert">
        {messageOf(addOns.error, "The add-ons could not be loaded.")}
      </p>
    );
  else if (addOns.data.length === 0) list = <EmptyState text="No add-ons yet. Add the first one above." />;
  else
    list = (
      <ul className="addon-list">
        {addOns.data.map((addOn) => (
          <AddOnRow key={addOn.customization_id} addOn={addOn} actions={actions} />
        ))}
      </ul>
    );

  return (
    <div className="container page admin-page admin-page-narrow">
      <AdminHeader
        title="Add-ons"
        subtitle="Extras shoppers can add to a bouquet, such as a greeting card or a ribbon."
      />
      <AdminNotice notice={actions.notice} />

      <section className="card admin-card" aria-labelledby="addon-new-title">
        <h2 id="addon-new-title" className="admin-card-title">
          New add-on
        </h2>
        <AddOnForm submitLabel="Add add-on" pendingLabel="Adding..." onSubmit={actions.add} resetOnSave />
      </section>

      <section className="card admin-card" aria-labelledby="addon-list-title">
        <div className="admin-card-head">
          <h2 id="addon-list-title" className="admin-card-title">
            Add-ons on offer
          </h2>
          {addOns.data ? <span className="admin-count">{addOns.data.length}</span> : null}
        </div>
        {list}
      </section>

      <ConfirmModal
        open={actions.deleting !== null}
        title={actions.deleting ? `Delete ${actions.deleting.name}` : ""}
        message="Shoppers will no longer be able to choose it. If orders already have it, they keep showing it with the price they paid."
        confirmLabel="Delete"
        danger
        busy={actions.removing}
        onConfirm={actions.confirmDelete}
        onCancel={actions.cancelDelete}
      />
    </div>
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
