import { IMAGE_SIZES } from "@florist/contract/pages";
import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "react-router";
import { ArrowLeftIcon } from "../../../components/icons";
import { Markdown } from "../../../components/markdown";
import { ErrorState, LoadingState } from "../../../components/page-state";
import { ProductImage } from "../../../components/product-image";
import { ApiError } from "../../../lib/api-client";
import { formatCustomerDate } from "../../../lib/format";
import { useTranslation } from "../../../lib/i18n";
import { postQuery } from "../../../lib/posts";
import { usePageTitle } from "../../../lib/use-page-title";
import "../blog.css";

/** The article is at most 820 px wide. */
const ARTICLE_IMAGE_SIZES = IMAGE_SIZES.article;

export default function BlogPostPage() {
  const { t } = useTranslation();
  const { postId: param } = useParams();
  const postId = Number(param);
  const valid = Number.isInteger(postId) && postId > 0;
  const { data, isPending, error } = useQuery({ ...postQuery(postId), enabled: valid });
  // A draft, a post not yet due and a deleted one do not exist for visitors: the server says 404 too.
  const missing = !valid || (error instanceof ApiError && error.status === 404);
  usePageTitle(data ? data.title : missing ? t("Article Not Found") : undefined);

  if (valid && isPending) return <LoadingState text={t("Loading article...")} />;
  if (!data && missing) {
    return (
      <section className="container page not-found">
        <p className="not-found-code" aria-hidden="true">
          404
        </p>
        <h1>{t("Article Not Found")}</h1>
        <p>{t("Sorry, the article you are looking for does not exist or is not published.")}</p>
        <Link to="/blog" className="btn btn-primary">
          {t("Back to Blog")}
        </Link>
      </section>
    );
  }
  if (!data) {
    return (
      <div className="container page article">
        <Link to="/blog" className="back-link">
          <ArrowLeftIcon size={18} /> {t("Back to Blog")}
        </Link>
        <ErrorState text={t("The article could not be loaded.")} />
      </div>
    );
  }
  const post = data;

  return (
    <article className="container page article">
      <Link to="/blog" className="back-link">
        <ArrowLeftIcon size={18} /> {t("Back to Blog")}
      </Link>
      <header className="article-header">
        <p className="post-meta">
          {post.category ? <span className="post-category">{post.category}</span> : null}
          {post.publishedAt ? <time dateTime={post.publishedAt}>{formatCustomerDate(post.publishedAt)}</time> : null}
          {post.author ? <span>{t("by {{author}}", { author: post.author })}</span> : null}
        </p>
        {post.live ? null : (
          <p className="alert alert-info article-hidden" role="status">
            {post.status === "draft"
              ? t("Draft: visitors cannot see this article yet.")
              : t("Scheduled: visitors cannot see this article yet.")}
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
