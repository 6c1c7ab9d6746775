import type { Post } from "@florist/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { messageOf } from "../../../lib/api-client";
import { useTranslation } from "../../../lib/i18n";
import { adminPostsQuery, deletePost, savePost, storefrontPostKeys } from "../api/posts";
import { type PostFormValues, postFormFields } from "../lib/post-form";
import type { Notice } from "./use-product-actions";

/** Which post the editor holds: none (the list shows), a new one, or an existing post by id. */
export type Editing = null | "new" | number;

/**
 * Writing, editing and deleting posts, with the notice each leaves. A refusal (a fourth featured
 * post, a bad date, a missing title) comes back as the server's message for the editor to show.
 */
export function usePostActions() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Post | null>(null);

  async function refresh() {
    await Promise.all(
      [adminPostsQuery.queryKey, ["admin", "post"], ...storefrontPostKeys].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
  }

  const remove = useMutation({
    mutationFn: (post: Post) => deletePost(post.postId),
    onSuccess: (_, post) => {
      setDeleting(null);
      setNotice({ kind: "success", text: t('"{{title}}" was deleted.', { title: post.title }) });
      return refresh();
    },
    onError: (error) => {
      setDeleting(null);
      setNotice({ kind: "error", text: messageOf(error, t("The post could not be deleted.")) });
    },
  });

  return {
    notice,
    editing,
    startNew: () => {
      setNotice(null);
      setEditing("new");
    },
    startEdit: (post: Post) => {
      setNotice(null);
      setEditing(post.postId);
    },
    cancelEdit: () => setEditing(null),
    save: async (values: PostFormValues, cover: File | null): Promise<string | null> => {
      try {
        const saved = await savePost(editing === "new" ? null : editing, postFormFields(values), cover);
        setEditing(null);
        setNotice({ kind: "success", text: t('"{{title}}" was saved.', { title: saved.title }) });
        await refresh();
        return null;
      } catch (error) {
        return messageOf(error, t("The post could not be saved."));
      }
    },
    deleting,
    askDelete: (post: Post) => {
      setNotice(null);
      setDeleting(post);
    },
    cancelDelete: () => setDeleting(null),
    confirmDelete: () => deleting && remove.mutate(deleting),
    removing: remove.isPending,
  };
}
