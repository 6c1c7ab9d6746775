import commitmentUrl from "../../../assets/commitment.svg";
import { CheckIcon } from "../../../components/icons";
import { shop } from "../../../lib/shop";
import { VideoEmbed } from "./video-embed";

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

/** What the florist promises, beside the video of an arrangement being made. */
export function Commitment() {
  return (
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
  );
}
