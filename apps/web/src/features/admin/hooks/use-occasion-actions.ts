import type { Occasion, OccasionBody } from "@florist/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { messageOf } from "../../../lib/api-client";
import { useTranslation } from "../../../lib/i18n";
import { createOccasion, deleteOccasion, occasionShowingKeys, renameOccasion } from "../api/occasions";
import type { Notice } from "./use-product-actions";

/**
 * Adding, renaming and deleting occasions. A refusal of a name shows beside its field in the
 * server's words (a name already taken); the outcome of the rest shows as the screen's notice.
 */
export function useOccasionActions() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<Notice | null>(null);
  // One row at a time is being renamed or waits for its deletion to be confirmed.
  const [editing, setEditing] = useState<{ occasion: Occasion; to: "rename" | "delete" } | null>(null);
  const renamingId = editing?.to === "rename" ? editing.occasion.occasionId : null;
  const deleting = editing?.to === "delete" ? editing.occasion : null;

  const succeed = async (text: string) => {
    setNotice({ kind: "success", text });
    await Promise.all(occasionShowingKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  };

  const create = useMutation({
    mutationFn: createOccasion,
    onSuccess: (created) => succeed(t("{{name}} was added to the occasions.", { name: created.name })),
  });
  const rename = useMutation({
    mutationFn: ({ id, body }: { id: number; body: OccasionBody }) => renameOccasion(id, body),
    onSuccess: (renamed) => succeed(t("The occasion is now called {{name}}.", { name: renamed.name })),
  });
  const remove = useMutation({
    mutationFn: (occasion: Occasion) => deleteOccasion(occasion.occasionId),
    onSuccess: (_, occasion) => succeed(t("{{name}} was deleted.", { name: occasion.name })),
    onError: (error) => setNotice({ kind: "error", text: messageOf(error, t("The occasion could not be deleted.")) }),
    onSettled: () => setEditing(null),
  });

  /** Saves a name; resolves to the refusal to show beside the field, or null once saved. */
  async function saveName(save: () => Promise<Occasion>, fallback: string): Promise<string | null> {
    setNotice(null);
    return save().then(
      () => null,
      (error: unknown) => messageOf(error, fallback),
    );
  }

  return {
    notice,
    add: (body: OccasionBody) => saveName(() => create.mutateAsync(body), t("The occasion could not be added.")),
    renamingId,
    startRename: (occasion: Occasion) => {
      setNotice(null);
      setEditing({ occasion, to: "rename" });
    },
    cancelRename: () => setEditing(null),
    rename: async (id: number, body: OccasionBody) => {
      const refusal = await saveName(() => rename.mutateAsync({ id, body }), t("The occasion could not be renamed."));
      if (refusal === null) setEditing(null);
      return refusal;
    },
    deleting,
    askDelete: (occasion: Occasion) => {
      setNotice(null);
      setEditing({ occasion, to: "delete" });
    },
    cancelDelete: () => setEditing(null),
    confirmDelete: () => deleting && remove.mutate(deleting),
    removing: remove.isPending,
  };
}
