import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { ArrowRightIcon } from "../../../components/icons";
import { postsQuery } from "../../../lib/posts";

/** The blog's first three posts, as the server lists them, each opening its article. */
export function BlogTeaser() {
  const { data } = useQuery(postsQuery);
  const articles = (data ?? []).slice(0, 3);
  return (
    <section className="blog-teaser" aria-labelledby="blog-teaser-title">
      <div className="container">
        <div className="section-heading">
          <span className="eyebrow">Blog &amp; Tips</span>
          <h2 id="blog-teaser-title">Blog &amp; Tips</h2>
          <p>Ideas and care advice from our florists.</p>
        </div>
        <div className="teaser-grid">
          {articles.map((article) => (
            <article key={article.postId} className="link-card teaser-card">
              {article.category ? <span className="teaser-category">{article.category}</span> : null}
              <h3>
                <Link to={`/blog/${article.postId}`} className="stretched-link">
                  {article.title}
                </Link>
              </h3>
              <p>{article.excerpt}</p>
              <span className="more-link" aria-hidden="true">
                Read more <ArrowRightIcon size={16} />
              </span>
            </article>
          ))}
        </div>
        <div className="section-cta">
          <Link to="/blog" className="btn btn-secondary">
            See All Articles
          </Link>
        </div>
      </div>
    </section>
  );
}
