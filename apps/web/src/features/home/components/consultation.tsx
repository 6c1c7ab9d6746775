import consultationUrl from "../../../assets/consultation.svg";
import { WhatsappIcon } from "../../../components/icons";
import { useTranslation } from "../../../lib/i18n";
import { whatsappLink } from "../../../lib/shop";

/** The free consultation over WhatsApp; the hero's Free Consultation button scrolls here. */
export function Consultation() {
  const { t } = useTranslation();
  return (
    <section id="consultation" className="consultation" aria-labelledby="consultation-title">
      <div className="container consultation-card">
        <img src={consultationUrl} alt="" width="360" height="300" loading="lazy" className="consultation-art" />
        <div>
          <span className="eyebrow">{t("Free Consultation")}</span>
          <h2 id="consultation-title">{t("Not sure what to send?")}</h2>
          <p className="consultation-text">
            {t(
              "Chat with our florist for free. Tell us the occasion, the budget and the person, and we will suggest the flowers that fit.",
            )}
          </p>
          <a
            href={whatsappLink("Halo, saya ingin konsultasi rangkaian bunga.")}
            className="btn btn-accent"
            target="_blank"
            rel="noopener noreferrer"
          >
            <WhatsappIcon size={20} />
            {t("Chat on WhatsApp")}
          </a>
        </div>
      </div>
    </section>
  );
}
