import { useQuery } from "@tanstack/react-query";
import { EmptyState, LoadingState, PageHeader } from "../../../components/page-state";
import { livePosts, postsQuery } from "../../../lib/posts";
import { PostCard } from "../components/post-card";
import "../blog.css";

export default function BlogListPage() {
  const { data, isPending, error } = useQuery(postsQuery);
  const posts = livePosts(data);
  return (
    <div className="container page">
      <PageHeader
        className="blog-header"
        eyebrow="Blog &amp; Tips"
        title="Blog &amp; Tips"
        lead="Care guides, wedding ideas and the stories behind our flowers."
      />
      {isPending ? (
        <LoadingState text="Loading posts..." />
      ) : (
        <>
          {error ? (
            <p className="alert alert-error blog-error" role="alert">
              Failed to load posts
            </p>
          ) : null}
          {!error && posts.length === 0 ? <EmptyState text="No articles yet." /> : null}
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
