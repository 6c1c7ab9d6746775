import { Stars } from "../../../components/stars";
import { type TFunction, useTranslation } from "../../../lib/i18n";

/** The three fixed quotes; the names and districts are the customers' own. */
function testimonials(t: TFunction) {
  return [
    {
      name: "Rina A.",
      place: "Sukajadi",
      quote: t("The bouquet for my mother's birthday was even prettier than the photo, and it arrived right on time."),
    },
    {
      name: "Dimas P.",
      place: "Dago",
      quote: t("They helped me pick colours for our anniversary over WhatsApp. My wife still talks about that basket."),
    },
    {
      name: "Sarah L.",
      place: "Buah Batu",
      quote: t("Fresh flowers, neat wrapping and a friendly courier. My go-to florist in Bandung now."),
    },
  ];
}

/** What customers say. */
export function Testimonials() {
  const { t } = useTranslation();
  return (
    <section className="testimonials" aria-labelledby="testimonials-title">
      <div className="container">
        <div className="section-heading">
          <span className="eyebrow">{t("Testimonials")}</span>
          <h2 id="testimonials-title">{t("What Our Customers Say")}</h2>
        </div>
        <div className="testimonial-grid">
          {testimonials(t).map((item) => (
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
