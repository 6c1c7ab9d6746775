import type { Customization } from "@florist/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { messageOf } from "../../../lib/api-client";
import { useTranslation } from "../../../lib/i18n";
import { type AddOnBody, addOnsQuery, createAddOn, deleteAddOn, storefrontAddOnKey, updateAddOn } from "../api/addons";
import type { Notice } from "./use-product-actions";

/**
 * Adding, editing and deleting add-ons, with the notice each leaves. The server's own message is
 * shown when it refuses (a duplicate name, a bad price), since it says what to change.
 */
export function useAddOnActions() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [editingId, setEditingId] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<Customization | null>(null);

  async function refresh() {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: addOnsQuery.queryKey }),
      queryClient.invalidateQueries({ queryKey: storefrontAddOnKey }),
    ]);
  }

  const create = useMutation({
    mutationFn: createAddOn,
    onSuccess: (created) => {
      setNotice({ kind: "success", text: t("{{name}} was added.", { name: created.name }) });
      return refresh();
    },
  });

  const update = useMutation({
    mutationFn: ({ id, body }: { id: number; body: AddOnBody }) => updateAddOn(id, body),
    onSuccess: (updated) => {
      setEditingId(null);
      setNotice({
        kind: "success",
        text: t("{{name}} was saved. Orders already placed keep their price.", { name: updated.name }),
      });
      return refresh();
    },
  });

  const remove = useMutation({
    mutationFn: (addOn: Customization) => deleteAddOn(addOn.customization_id),
    onSuccess: (_, addOn) => {
      setDeleting(null);
      setNotice({
        kind: "success",
        text: t("{{name}} was deleted. Orders that had it still show it.", { name: addOn.name }),
      });
      return refresh();
    },
    onError: (error) => {
      setDeleting(null);
      setNotice({ kind: "error", text: messageOf(error, t("The add-on could not be deleted.")) });
    },
  });

  return {
    notice,
    editingId,
    startEdit: (addOn: Customization) => {
      setNotice(null);
      setEditingId(addOn.customization_id);
    },
    cancelEdit: () => setEditingId(null),
    /** Resolves to the server's message when it refuses, so the form shows it beside the fields. */
    add: async (body: AddOnBody) => {
      setNotice(null);
      try {
        await create.mutateAsync(body);
        return null;
      } catch (error) {
        return messageOf(error, t("The add-on could not be added."));
      }
    },
    save: async (id: number, body: AddOnBody) => {
      try {
        await update.mutateAsync({ id, body });
        return null;
      } catch (error) {
        return messageOf(error, t("The add-on could not be saved."));
      }
    },
    deleting,
    askDelete: (addOn: Customization) => {
      setNotice(null);
      setDeleting(addOn);
    },
    cancelDelete: () => setDeleting(null),
    confirmDelete: () => deleting && remove.mutate(deleting),
    removing: remove.isPending,
  };
}
