import { type ReactNode, useId } from "react";
import { ConfirmModal } from "../../../components/modal";
import { EmptyState, LoadingState } from "../../../components/page-state";
import { messageOf } from "../../../lib/api-client";
import { i18n, useTranslation } from "../../../lib/i18n";
import type { Notice } from "../hooks/use-product-actions";
import { AdminHeader } from "./admin-header";
import { AdminNotice } from "./admin-notice";

interface ListQuery<T> {
  isPending: boolean;
  error: unknown;
  data?: T[];
}

/** A collection's list as it stands: loading, the server's reason it failed, empty, or its rows. */
export function collectionList<T>(
  query: ListQuery<T>,
  texts: { failed: string; empty: string },
  rows: (items: T[]) => ReactNode,
): ReactNode {
  if (query.isPending) return <LoadingState text={i18n.t("Loading...")} />;
  if (query.error || !query.data)
    return (
      <p className="alert alert-error" role="alert">
        {messageOf(query.error, texts.failed)}
      </p>
    );
  if (query.data.length === 0) return <EmptyState text={texts.empty} />;
  return rows(query.data);
}

interface CollectionScreenProps {
  title: string;
  subtitle: string;
  notice: Notice | null;
  /** The card that adds an item: its title and its form. */
  newTitle: string;
  form: ReactNode;
  listTitle: string;
  count: number | undefined;
  list: ReactNode;
  /** The item about to be deleted (null when none), with what deleting it means. */
  deleting: { name: string } | null;
  deleteMessage: string;
  removing: boolean;
  onConfirmDelete: () => void;
  onCancelDelete: () => void;
}

/**
 * An admin screen that runs a short list of named things (categories, add-ons): a card to add one,
 * the list, and the confirmation before one is deleted.
 */
export function CollectionScreen(props: CollectionScreenProps) {
  const { t } = useTranslation();
  const newId = useId();
  const listId = useId();
  return (
    <div className="container page admin-page admin-page-narrow">
      <AdminHeader title={props.title} subtitle={props.subtitle} />
      <AdminNotice notice={props.notice} />

      <section className="card admin-card" aria-labelledby={newId}>
        <h2 id={newId} className="admin-card-title">
          {props.newTitle}
        </h2>
        {props.form}
      </section>

      <section className="card admin-card" aria-labelledby={listId}>
        <div className="admin-card-head">
          <h2 id={listId} className="admin-card-title">
            {props.listTitle}
          </h2>
          {props.count === undefined ? null : <span className="admin-count">{props.count}</span>}
        </div>
        {props.list}
      </section>

      <ConfirmModal
        open={props.deleting !== null}
        title={props.deleting ? t("Delete {{name}}", { name: props.deleting.name }) : ""}
        message={props.deleteMessage}
        confirmLabel={t("Delete")}
        danger
        busy={props.removing}
        onConfirm={props.onConfirmDelete}
        onCancel={props.onCancelDelete}
      />
    </div>
  );
}
