import type { Post } from "@florist/contract";
import { Link } from "react-router";
import { ArrowRightIcon } from "../../../components/icons";
import { ProductImage } from "../../../components/product-image";
import { formatCustomerDate } from "../../../lib/format";

export function PostCard({ post, eager = false }: { post: Post; eager?: boolean }) {
  return (
    <article className="link-card post-card">
      <div className="post-card-media">
        <ProductImage src={post.imageUrl} alt="" width={480} height={300} eager={eager} />
      </div>
      <div className="post-card-body">
        <p className="post-meta">
          {post.category ? <span className="post-category">{post.category}</span> : null}
          {post.publishedAt ? <time dateTime={post.publishedAt}>{formatCustomerDate(post.publishedAt)}</time> : null}
        </p>
        <h2 className="post-card-title">
          <Link to={`/blog/${post.postId}`} className="stretched-link">
            {post.title}
          </Link>
        </h2>
        <p className="post-card-excerpt">{post.excerpt}</p>
        <span className="more-link" aria-hidden="true">
          Read article <ArrowRightIcon size={16} />
        </span>
      </div>
    </article>
  );
}
