import type { Post } from "@florist/contract";
import { IMAGE_SIZES } from "@florist/contract/pages";
import { Link } from "react-router";
import { ArrowRightIcon } from "../../../components/icons";
import { ProductImage } from "../../../components/product-image";
import { formatCustomerDate } from "../../../lib/format";
import { useTranslation } from "../../../lib/i18n";

/** One card a row on a phone, two from 700 px, three from 1024 px. */
const POST_CARD_SIZES = IMAGE_SIZES.postCard;

export function PostCard({ post, eager = false }: { post: Post; eager?: boolean }) {
  const { t } = useTranslation();
  return (
    <article className="link-card post-card">
      <div className="post-card-media">
        <ProductImage src={post.imageUrl} alt="" width={480} height={300} eager={eager} sizes={POST_CARD_SIZES} />
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
          {t("Read article")} <ArrowRightIcon size={16} />
        </span>
      </div>
    </article>
  );
}
