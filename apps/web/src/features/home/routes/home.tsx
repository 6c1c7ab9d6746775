import { BlogTeaser } from "../components/blog-teaser";
import { Commitment } from "../components/commitment";
import { Consultation } from "../components/consultation";
import FeaturedCarousel from "../components/featured-carousel";
import { Hero } from "../components/hero";
import { OccasionLinks } from "../components/occasion-links";
import { Testimonials } from "../components/testimonials";
import "../home.css";

export default function HomePage() {
  return (
    <>
      <Hero />
      <FeaturedCarousel />
      <OccasionLinks />
      <Commitment />
      <BlogTeaser />
      <Testimonials />
      <Consultation />
    </>
  );
}
