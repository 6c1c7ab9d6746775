import { lazy, Suspense } from "react";
import { Link } from "react-router";
import commitmentUrl from "../../../assets/commitment.svg";
import consultationUrl from "../../../assets/consultation.svg";
import heroUrl from "../../../assets/hero.svg";
import { ArrowRightIcon, CheckIcon, WhatsappIcon } from "../../../components/icons";
import { Stars } from "../../../components/stars";
import { shop, whatsappLink } from "../../../lib/shop";
import { VideoEmbed } from "../components/video-embed";
import "../home.css";

// The carousel library loads beside the page instead of delaying the first paint of the hero.
const FeaturedCarousel = lazy(() => import("../components/featured-carousel"));

const COMMITMENTS = [
  {
    title: "Premium Fresh Flowers",
    text: "Stems chosen every morning from trusted growers around Lembang and arranged on the day they travel.",
  },
  {
    title: "Creative Personalized Designs",
    text: "Tell us the moment and the person; we choose the colours, the wrapping and the card to match.",
  },
  {
    title: "On-Time Delivery",
    text: "Delivered by our own team across Bandung, handed over with care at the time you asked for.",
  },
];

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

const TESTIMONIALS = [
  {
    name: "Rina A.",
    place: "Sukajadi",
    quote: "The bouquet for my mother's birthday was even prettier than the photo, and it arrived right on time.",
  },
  {
    name: "Dimas P.",
    place: "Dago",
    quote: "They helped me pick colours for our anniversary over WhatsApp. My wife still talks about that basket.",
  },
  {
    name: "Sarah L.",
    place: "Buah Batu",
    quote: "Fresh flowers, neat wrapping and a friendly courier. My go-to florist in Bandung now.",
  },
];

export default function HomePage() {
  return (
    <>
      <section className="hero">
        <img
          className="hero-image"
          src={heroUrl}
          alt="A hand-tied bouquet of red, pink and white roses wrapped in cream paper with a pink ribbon"
          width="1600"
          height="900"
          fetchPriority="high"
        />
        <div className="container hero-inner">
          <div className="hero-copy">
            <span className="eyebrow">Florist in Bandung</span>
            <h1>Sharing Happiness and Capturing the Moment</h1>
            <p className="hero-lead">
              Hand-tied bouquets, flower baskets, vases and flower boxes, arranged fresh and delivered personally
              anywhere in Bandung.
            </p>
            <div className="hero-actions">
              <Link to="/katalog" className="btn btn-primary">
                Shop the Collection
              </Link>
              <a href="#consultation" className="btn btn-secondary">
                Free Consultation
              </a>
            </div>
          </div>
        </div>
      </section>

      <Suspense fallback={<div className="featured-placeholder" aria-hidden="true" />}>
        <FeaturedCarousel />
      </Suspense>

      <section className="commitment" aria-labelledby="commitment-title">
        <div className="container commitment-grid">
          <div>
            <span className="eyebrow">Our Commitment</span>
            <h2 id="commitment-title">Every Arrangement, Made with Care</h2>
            <ul className="commitment-list">
              {COMMITMENTS.map((item) => (
                <li key={item.title}>
                  <span className="commitment-check">
                    <CheckIcon size={18} />
                  </span>
                  <div>
                    <h3>{item.title}</h3>
                    <p>{item.text}</p>
                  </div>
                </li>
              ))}
            </ul>
          </div>
          <VideoEmbed videoId={shop.commitmentVideoId} title="How we arrange your flowers" poster={commitmentUrl} />
        </div>
      </section>

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

      <section className="testimonials" aria-labelledby="testimonials-title">
        <div className="container">
          <div className="section-heading">
            <span className="eyebrow">Testimonials</span>
            <h2 id="testimonials-title">What Our Customers Say</h2>
          </div>
          <div className="testimonial-grid">
            {TESTIMONIALS.map((item) => (
              <figure key={item.name} className="testimonial">
                <Stars rating={5} />
                <blockquote>
                  <p>“{item.quote}”</p>
                </blockquote>
                <figcaption>
                  <strong>{item.name}</strong> · {item.place}
                </figcaption>
              </figure>
            ))}
          </div>
        </div>
      </section>

      <section id="consultation" className="consultation" aria-labelledby="consultation-title">
        <div className="container consultation-card">
          <img src={consultationUrl} alt="" width="360" height="300" loading="lazy" className="consultation-art" />
          <div>
            <span className="eyebrow">Free Consultation</span>
            <h2 id="consultation-title">Not sure what to send?</h2>
            <p className="consultation-text">
              Chat with our florist for free. Tell us the occasion, the budget and the person, and we will suggest the
              flowers that fit.
            </p>
            <a
              href={whatsappLink("Halo, saya ingin konsultasi rangkaian bunga.")}
              className="btn btn-accent"
              target="_blank"
              rel="noopener noreferrer"
            >
              <WhatsappIcon size={20} />
              Chat on WhatsApp
            </a>
          </div>
        </div>
      </section>
    </>
  );
}
