import type { Post } from "@florist/contract";
import { ProductImage } from "../../../components/product-image";
import { useTranslation } from "../../../lib/i18n";
import { formatAdminDateTime } from "../lib/format";
import { postState, postStateText } from "../lib/post-form";

interface PostsListProps {
  posts: Post[];
  onEdit: (post: Post) => void;
  onDelete: (post: Post) => void;
}

/** Every post, newest first: its cover, title, where it stands, its publish date in WIB and a star when featured. */
export function PostsList({ posts, onEdit, onDelete }: PostsListProps) {
  const { t } = useTranslation();
  return (
    <ul className="post-list">
      {posts.map((post) => {
        const state = postState(post);
        return (
          <li key={post.postId} className="post-row" aria-label={post.title}>
            <div className="post-row-cover">
              <ProductImage src={post.imageUrl} alt="" width={96} height={60} />
            </div>
            <div className="post-row-main">
              <span className="post-row-title">
                {post.featured ? (
                  <span
                    className="post-star"
                    role="img"
                    aria-label={t("Featured")}
                    title={t("Featured on the home page")}
                  >
                    ★
                  </span>
                ) : null}
                {post.title}
              </span>
              <span className="post-row-meta">
                <span className={`post-state post-state-${state.toLowerCase()}`}>{postStateText(state)}</span>
                <time dateTime={post.publishedAt}>{formatAdminDateTime(post.publishedAt)} WIB</time>
              </span>
            </div>
            <span className="post-row-actions">
              <button
                type="button"
                className="btn btn-secondary btn-small"
                onClick={() => onEdit(post)}
                aria-label={t("Edit {{name}}", { name: post.title })}
              >
                {t("Edit")}
              </button>
              <button
                type="button"
                className="btn btn-danger btn-small"
                onClick={() => onDelete(post)}
                aria-label={t("Delete {{name}}", { name: post.title })}
              >
                {t("Delete")}
              </button>
            </span>
          </li>
        );
      })}
    </ul>
  );
}
