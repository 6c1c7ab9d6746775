import commitmentUrl from "../../../assets/commitment.svg";
import { CheckIcon } from "../../../components/icons";
import { type TFunction, useTranslation } from "../../../lib/i18n";
import { shop } from "../../../lib/shop";
import { VideoEmbed } from "./video-embed";

/** The three promises the spec names: fresh flowers, personal designs, delivery on time. */
function commitments(t: TFunction) {
  return [
    {
      title: t("Premium Fresh Flowers"),
      text: t("Stems chosen every morning from trusted growers around Lembang and arranged on the day they travel."),
    },
    {
      title: t("Creative Personalized Designs"),
      text: t("Tell us the moment and the person; we choose the colours, the wrapping and the card to match."),
    },
    {
      title: t("On-Time Delivery"),
      text: t("Delivered by our own team across Bandung, handed over with care at the time you asked for."),
    },
  ];
}

/** What the florist promises, beside the video of an arrangement being made. */
export function Commitment() {
  const { t } = useTranslation();
  return (
    <section className="commitment" aria-labelledby="commitment-title">
      <div className="container commitment-grid">
        <div>
          <span className="eyebrow">{t("Our Commitment")}</span>
          <h2 id="commitment-title">{t("Every Arrangement, Made with Care")}</h2>
          <ul className="commitment-list">
            {commitments(t).map((item) => (
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
        <VideoEmbed videoId={shop.commitmentVideoId} title={t("How we arrange your flowers")} poster={commitmentUrl} />
      </div>
    </section>
  );
}
