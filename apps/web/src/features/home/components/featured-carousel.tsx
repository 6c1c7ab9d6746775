import { Link } from "react-router";
import { A11y, Autoplay, Navigation, Pagination } from "swiper/modules";
import { Swiper, SwiperSlide } from "swiper/react";
import "swiper/css";
import "swiper/css/navigation";
import "swiper/css/pagination";
import basketUrl from "../../../assets/featured-basket.svg";
import handBouquetUrl from "../../../assets/featured-hand-bouquet.svg";
import vaseUrl from "../../../assets/featured-vase.svg";

const FEATURED = [
  {
    image: handBouquetUrl,
    title: "Classic Hand Bouquet",
    text: "Roses and seasonal blooms wrapped by hand — the timeless way to say it.",
  },
  {
    image: basketUrl,
    title: "Flowers in a Basket",
    text: "A generous basket arrangement for openings, birthdays and get-well wishes.",
  },
  {
    image: vaseUrl,
    title: "Flowers in a Vase",
    text: "Ready to display: fresh stems arranged in a vase for the home or the office.",
  },
];

/** The shop's carousel: autoplay every 3000 ms that keeps running after interaction, loop, 300 ms transition. */
export default function FeaturedCarousel() {
  return (
    <section className="featured" aria-labelledby="featured-title">
      <div className="container">
        <div className="section-heading">
          <span className="eyebrow">Featured</span>
          <h2 id="featured-title">Our Favourite Arrangements</h2>
          <p>Three ways to send flowers, each arranged fresh on the day of delivery.</p>
        </div>
        <Swiper
          className="featured-swiper"
          modules={[Autoplay, Navigation, Pagination, A11y]}
          autoplay={{ delay: 3000, disableOnInteraction: false }}
          loop
          speed={300}
          navigation
          pagination={{ clickable: true }}
          spaceBetween={24}
          slidesPerView={1}
          a11y={{ prevSlideMessage: "Previous slide", nextSlideMessage: "Next slide" }}
        >
          {FEATURED.map((item) => (
            <SwiperSlide key={item.title}>
              <figure className="featured-slide">
                <img src={item.image} alt={item.title} width="640" height="480" loading="lazy" />
                <figcaption>
                  <h3>{item.title}</h3>
                  <p>{item.text}</p>
                </figcaption>
              </figure>
            </SwiperSlide>
          ))}
        </Swiper>
        <div className="featured-cta">
          <Link to="/katalog" className="btn btn-primary">
            Explore Our Catalog
          </Link>
        </div>
      </div>
    </section>
  );
}
