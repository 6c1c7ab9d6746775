import { useQuery } from "@tanstack/react-query";
import { EmptyState, LoadingState, PageHeader } from "../../../components/page-state";
import { useTranslation } from "../../../lib/i18n";
import { livePosts, postsQuery } from "../../../lib/posts";
import { PostCard } from "../components/post-card";
import "../blog.css";

export default function BlogListPage() {
  const { t } = useTranslation();
  const { data, isPending, error } = useQuery(postsQuery);
  const posts = livePosts(data);
  return (
    <div className="container page">
      <PageHeader
        className="blog-header"
        eyebrow={t("Blog & Tips")}
        title={t("Blog & Tips")}
        lead={t("Care guides, wedding ideas and the stories behind our flowers.")}
      />
      {isPending ? (
        <LoadingState text={t("Loading posts...")} />
      ) : (
        <>
          {error ? (
            <p className="alert alert-error blog-error" role="alert">
              {t("Failed to load posts")}
            </p>
          ) : null}
          {!error && posts.length === 0 ? <EmptyState text={t("No articles yet.")} /> : null}
          <div className="post-grid">
            {posts.map((post, index) => (
              <PostCard key={post.postId} post={post} eager={index < 3} />
            ))}
          </div>
        </>
      )}
    </div>
  );
}
