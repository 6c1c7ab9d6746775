import { useQuery } from "@tanstack/react-query";
import { ConfirmModal } from "../../../components/modal";
import { LoadingState } from "../../../components/page-state";
import { messageOf } from "../../../lib/api-client";
import { useAuth } from "../../../lib/auth";
import { useTranslation } from "../../../lib/i18n";
import { adminPostQuery, adminPostsQuery } from "../api/posts";
import { AccessDenied } from "../components/access-denied";
import { AdminHeader } from "../components/admin-header";
import { AdminNotice } from "../components/admin-notice";
import { collectionList } from "../components/collection-screen";
import { PostEditor } from "../components/post-editor";
import { PostsList } from "../components/posts-list";
import { usePostActions } from "../hooks/use-post-actions";
import { emptyPostForm, postFormValues } from "../lib/post-form";
import "../admin.css";
import "../posts.css";

export default function AdminPostsPage() {
  const { t } = useTranslation();
  const { isAdmin, isLoading } = useAuth();
  if (isLoading) return <LoadingState text={t("Loading...")} />;
  if (!isAdmin) return <AccessDenied />;
  return <ManagePosts />;
}

type Actions = ReturnType<typeof usePostActions>;

/** The blog: every post with where it stands, a new post, and the editor for one. */
function ManagePosts() {
  const { t } = useTranslation();
  const posts = useQuery(adminPostsQuery);
  const actions = usePostActions();
  if (actions.editing !== null) return <EditPost actions={actions} />;
  const list = collectionList(
    posts,
    { failed: t("The posts could not be loaded."), empty: t("No posts yet. Write the first one.") },
    (items) => <PostsList posts={items} onEdit={actions.startEdit} onDelete={actions.askDelete} />,
  );
  return (
    <div className="container page admin-page">
      <AdminHeader
        title={t("Blog posts")}
        subtitle={t("Articles for Blog & Tips. Up to three featured posts appear on the home page.")}
        actions={
          <button type="button" className="btn btn-primary" onClick={actions.startNew}>
            {t("New post")}
          </button>
        }
      />
      <AdminNotice notice={actions.notice} />
      <section className="card admin-card" aria-label={t("Posts")}>
        {list}
      </section>
      <ConfirmModal
        open={actions.deleting !== null}
        title={actions.deleting ? t('Delete "{{title}}"', { title: actions.deleting.title }) : ""}
        message={t("The article and its cover image are removed for good.")}
        confirmLabel={t("Delete")}
        danger
        busy={actions.removing}
        onConfirm={actions.confirmDelete}
        onCancel={actions.cancelDelete}
      />
    </div>
  );
}

/** The editor for a new post, or for an existing one once its Markdown body has loaded. */
function EditPost({ actions }: { actions: Actions }) {
  const { t } = useTranslation();
  const postId = typeof actions.editing === "number" ? actions.editing : null;
  const post = useQuery({ ...adminPostQuery(postId ?? 0), enabled: postId !== null });
  let editor: React.ReactNode;
  if (postId !== null && post.isPending) editor = <LoadingState text={t("Loading...")} />;
  else if (postId !== null && !post.data)
    editor = (
      <p className="alert alert-error" role="alert">
        {messageOf(post.error, t("The post could not be loaded."))}
      </p>
    );
  else
    editor = (
      <PostEditor
        initial={post.data ? postFormValues(post.data) : emptyPostForm}
        coverUrl={post.data?.imageUrl ?? ""}
        submitLabel={postId === null ? t("Save post") : t("Save changes")}
        onSubmit={actions.save}
        onCancel={actions.cancelEdit}
      />
    );
  return (
    <div className="container page admin-page">
      <AdminHeader
        title={postId === null ? t("New post") : t("Edit post")}
        subtitle={t("Write in Markdown; the preview shows the article as visitors will read it.")}
      />
      <section className="card admin-card">{editor}</section>
    </div>
  );
}
