import type { Category, CategoryBody } from "@florist/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { messageOf } from "../../../lib/api-client";
import { useTranslation } from "../../../lib/i18n";
import {
  adminCategoriesQuery,
  categoryShowingKeys,
  createCategory,
  deleteCategory,
  orderCategories,
  renameCategory,
} from "../api/categories";
import type { Notice } from "./use-product-actions";

/** The list with the category at `from` moved to `to`; the others keep their order. */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

/**
 * Adding, renaming, deleting and ordering categories. A refusal shows the server's own words (a
 * name already taken, a category that still has products and how many), since they say what to do.
 */
export function useCategoryActions() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [renamingId, setRenamingId] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<Category | null>(null);

  const refresh = () => Promise.all(categoryShowingKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));

  const create = useMutation({
    mutationFn: createCategory,
    onSuccess: (created) => {
      setNotice({
        kind: "success",
        text: t("{{name}} was added at the end of the catalogue.", { name: created.name }),
      });
      return refresh();
    },
  });
  const rename = useMutation({
    mutationFn: ({ id, body }: { id: number; body: CategoryBody }) => renameCategory(id, body),
    onSuccess: (renamed) => {
      setNotice({ kind: "success", text: t("The category is now called {{name}}.", { name: renamed.name }) });
      return refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (category: Category) => deleteCategory(category.category_id),
    onSuccess: (_, category) => {
      setNotice({ kind: "success", text: t("{{name}} was deleted.", { name: category.name }) });
      return refresh();
    },
    onError: (error) => setNotice({ kind: "error", text: messageOf(error, t("The category could not be deleted.")) }),
    onSettled: () => setDeleting(null),
  });
  // The new order shows at once; a refusal puts back what the server holds.
  const reorder = useMutation({
    mutationFn: (list: Category[]) => orderCategories(list.map((c) => c.category_id)),
    onMutate: (list) => queryClient.setQueryData(adminCategoriesQuery.queryKey, list),
    onError: (error) => setNotice({ kind: "error", text: messageOf(error, t("The new order could not be saved.")) }),
    onSettled: refresh,
  });

  /** Runs a change that answers with a refusal to show beside its field, or null once saved. */
  async function attempt(run: () => Promise<unknown>, fallback: string): Promise<string | null> {
    setNotice(null);
    try {
      await run();
      return null;
    } catch (error) {
      return messageOf(error, fallback);
    }
  }

  return {
    notice,
    add: (body: CategoryBody) => attempt(() => create.mutateAsync(body), t("The category could not be added.")),
    renamingId,
    startRename: (category: Category) => {
      setNotice(null);
      setRenamingId(category.category_id);
    },
    cancelRename: () => setRenamingId(null),
    saveName: async (id: number, body: CategoryBody) => {
      const refusal = await attempt(() => rename.mutateAsync({ id, body }), t("The category could not be renamed."));
      if (!refusal) setRenamingId(null);
      return refusal;
    },
    move: (list: Category[], from: number, to: number) => {
      if (to < 0 || to >= list.length || from === to) return;
      setNotice(null);
      reorder.mutate(moved(list, from, to));
    },
    reordering: reorder.isPending,
    deleting,
    askDelete: (category: Category) => {
      setNotice(null);
      setDeleting(category);
    },
    cancelDelete: () => setDeleting(null),
    confirmDelete: () => deleting && remove.mutate(deleting),
    removing: remove.isPending,
  };
}
