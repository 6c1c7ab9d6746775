import { Stars } from "../../../components/stars";

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

/** What customers say. */
export function Testimonials() {
  return (
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
  );
}
