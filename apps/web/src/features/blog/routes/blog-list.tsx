import { useQuery } from "@tanstack/react-query";
import { LoadingState, PageHeader } from "../../../components/page-state";
import { postsQuery } from "../api/posts";
import { PostCard } from "../components/post-card";
import { BUILT_IN_POSTS } from "../content/built-in-posts";
import "../blog.css";

export default function BlogListPage() {
  const { data, isPending, error } = useQuery(postsQuery);
  // Without posts from the server the three built-in posts are shown, so the blog is never empty.
  const posts = data && data.length > 0 ? data : BUILT_IN_POSTS;
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
