import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "react-router";
import { ArrowLeftIcon } from "../../../components/icons";
import { Markdown } from "../../../components/markdown";
import { ErrorState, LoadingState } from "../../../components/page-state";
import { ProductImage } from "../../../components/product-image";
import { formatCustomerDate } from "../../../lib/format";
import { postQuery } from "../../../lib/posts";
import "../blog.css";

/** The article is at most 820 px wide. */
const ARTICLE_IMAGE_SIZES = "(min-width: 860px) 820px, 100vw";

export default function BlogPostPage() {
  const { postId: param } = useParams();
  const postId = Number(param);
  const valid = Number.isInteger(postId) && postId > 0;
  const { data, isPending } = useQuery({ ...postQuery(postId), enabled: valid });

  if (valid && isPending) return <LoadingState text="Loading article..." />;
  if (!data) {
    return (
      <div className="container page article">
        <Link to="/blog" className="back-link">
          <ArrowLeftIcon size={18} /> Back to Blog
        </Link>
        <ErrorState text="Article not found." />
      </div>
    );
  }
  const post = data;

  return (
    <article className="container page article">
      <Link to="/blog" className="back-link">
        <ArrowLeftIcon size={18} /> Back to Blog
      </Link>
      <header className="article-header">
        <p className="post-meta">
          {post.category ? <span className="post-category">{post.category}</span> : null}
          {post.publishedAt ? <time dateTime={post.publishedAt}>{formatCustomerDate(post.publishedAt)}</time> : null}
          {post.author ? <span>by {post.author}</span> : null}
        </p>
        {post.live ? null : (
          <p className="alert alert-info article-hidden" role="status">
            {post.status === "draft" ? "Draft" : "Scheduled"}: visitors cannot see this article yet.
          </p>
        )}
        <h1>{post.title}</h1>
        {post.excerpt ? <p className="article-lead">{post.excerpt}</p> : null}
      </header>
      <div className="article-image">
        <ProductImage
          src={post.imageUrl}
          alt={post.imageAlt}
          width={960}
          height={540}
          eager
          sizes={ARTICLE_IMAGE_SIZES}
        />
      </div>
      <Markdown source={post.body} className="article-body" />
    </article>
  );
}
