import { Link } from "react-router";
import { ArrowRightIcon } from "../../../components/icons";

const ARTICLES = [
  {
    postId: 1,
    category: "Wedding",
    title: "Choosing Wedding Flowers That Last the Whole Day",
    excerpt: "Which blooms stay fresh from the ceremony to the last photo, and how to match them to your theme.",
  },
  {
    postId: 2,
    category: "Flower Care",
    title: "Keep Your Bouquet Fresh for Longer",
    excerpt: "Simple habits — a clean vase, a fresh cut, cool water — that add days to your flowers.",
  },
  {
    postId: 3,
    category: "Inspiration",
    title: "What Flower Colours Mean",
    excerpt: "Red for love, yellow for friendship, white for new beginnings: say it with the right colour.",
  },
];

/** Three articles of the blog, each opening its post. */
export function BlogTeaser() {
  return (
    <section className="blog-teaser" aria-labelledby="blog-teaser-title">
      <div className="container">
        <div className="section-heading">
          <span className="eyebrow">Blog &amp; Tips</span>
          <h2 id="blog-teaser-title">Blog &amp; Tips</h2>
          <p>Ideas and care advice from our florists.</p>
        </div>
        <div className="teaser-grid">
          {ARTICLES.map((article) => (
            <article key={article.postId} className="link-card teaser-card">
              <span className="teaser-category">{article.category}</span>
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
