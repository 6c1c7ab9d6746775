import type { PostDetail } from "@florist/contract";
import { MAX_FEATURED_POSTS } from "@florist/contract/rules";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { ArrowRightIcon } from "../../../components/icons";
import { ProductImage } from "../../../components/product-image";
import { useTranslation } from "../../../lib/i18n";
import { livePosts, postsQuery } from "../../../lib/posts";

/** Three teasers a row from 760 px, one on a phone. */
const TEASER_SIZES = "(min-width: 760px) 380px, 100vw";

/** The posts the admins featured (newest first), or the newest ones when none is featured. */
function teasedPosts(posts: PostDetail[]): PostDetail[] {
  const featured = posts.filter((post) => post.featured);
  return (featured.length > 0 ? featured : posts).slice(0, MAX_FEATURED_POSTS);
}

/** Blog & Tips: the featured articles, each with its own title, excerpt and cover, opening its article. */
export function BlogTeaser() {
  const { t } = useTranslation();
  const { data } = useQuery(postsQuery);
  const articles = teasedPosts(livePosts(data));
  return (
    <section className="blog-teaser" aria-labelledby="blog-teaser-title">
      <div className="container">
        <div className="section-heading">
          <span className="eyebrow">{t("Blog & Tips")}</span>
          <h2 id="blog-teaser-title">{t("Blog & Tips")}</h2>
          <p>{t("Ideas and care advice from our florists.")}</p>
        </div>
        <div className="teaser-grid">
          {articles.map((article) => (
            <article key={article.postId} className="link-card teaser-card">
              <div className="teaser-media">
                <ProductImage src={article.imageUrl} alt="" width={480} height={300} sizes={TEASER_SIZES} />
              </div>
              <div className="teaser-body">
                {article.category ? <span className="teaser-category">{article.category}</span> : null}
                <h3>
                  <Link to={`/blog/${article.postId}`} className="stretched-link">
                    {article.title}
                  </Link>
                </h3>
                <p>{article.excerpt}</p>
                <span className="more-link" aria-hidden="true">
                  {t("Read more")} <ArrowRightIcon size={16} />
                </span>
              </div>
            </article>
          ))}
        </div>
        <div className="section-cta">
          <Link to="/blog" className="btn btn-secondary">
            {t("See All Articles")}
          </Link>
        </div>
      </div>
    </section>
  );
}
