import { lazy, Suspense } from "react";
import { BlogTeaser } from "../components/blog-teaser";
import { Commitment } from "../components/commitment";
import { Consultation } from "../components/consultation";
import { Hero } from "../components/hero";
import { Testimonials } from "../components/testimonials";
import "../home.css";

// The carousel library loads beside the page instead of delaying the first paint of the hero.
const FeaturedCarousel = lazy(() => import("../components/featured-carousel"));

export default function HomePage() {
  return (
    <>
      <Hero />
      <Suspense fallback={<div className="featured-placeholder" aria-hidden="true" />}>
        <FeaturedCarousel />
      </Suspense>
      <Commitment />
      <BlogTeaser />
      <Testimonials />
      <Consultation />
    </>
  );
}
