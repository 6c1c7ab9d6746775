import { type PointerEvent, type TransitionEvent, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import basketUrl from "../../../assets/featured-basket.svg";
import handBouquetUrl from "../../../assets/featured-hand-bouquet.svg";
import vaseUrl from "../../../assets/featured-vase.svg";
import { ChevronLeftIcon, ChevronRightIcon, PauseIcon, PlayIcon } from "../../../components/icons";
import { type TFunction, useTranslation } from "../../../lib/i18n";
import "./featured-carousel.css";

/** The spec's three slides: a classic hand bouquet, flowers in a basket, flowers in a vase. */
function featured(t: TFunction) {
  return [
    {
      image: handBouquetUrl,
      title: t("Classic Hand Bouquet"),
      text: t("Roses and seasonal blooms wrapped by hand — the timeless way to say it."),
    },
    {
      image: basketUrl,
      title: t("Flowers in a Basket"),
      text: t("A generous basket arrangement for openings, birthdays and get-well wishes."),
    },
    {
      image: vaseUrl,
      title: t("Flowers in a Vase"),
      text: t("Ready to display: fresh stems arranged in a vase for the home or the office."),
    },
  ];
}

const AUTOPLAY_MS = 3000;
/** A horizontal drag of at least this many pixels is a swipe to the next or previous slide. */
const SWIPE_PX = 40;
/** The slides featured() returns: the three the spec names. */
const COUNT = 3;

/**
 * The shop's carousel: autoplay every 3000 ms that keeps running after interaction (arrows, dots and
 * swipes, as the spec says), loop, 300 ms transition (home.css), arrows and clickable dots. Autoplay
 * stops only at the shopper's word: the pause button, or a system asking for reduced motion, where
 * it starts paused (WCAG 2.2.2). A few lines of our own instead of a carousel library, which was a
 * fifth of the home page's script.
 */
export default function FeaturedCarousel() {
  const { t } = useTranslation();
  const slides = featured(t);
  /** The track holds a copy of the last slide before the first and of the first after the last, so it loops forwards. */
  const track = [...slides.slice(-1), ...slides, ...slides.slice(0, 1)];
  const [playing, setPlaying] = useState(() => !prefersReducedMotion());
  const swipeStart = useRef<number | null>(null);
  // The place on the track: 1..COUNT are the slides, 0 and COUNT + 1 their copies at either end.
  const [place, setPlace] = useState(1);
  const [sliding, setSliding] = useState(true);
  const active = (place - 1 + COUNT) % COUNT;

  /** To a place on the track, or one step back or forth; never past the copies at either end. */
  const move = (to: number | ((from: number) => number)) => {
    // With reduced motion the slides change without sliding, straight to the slide a copy stands for.
    const instant = prefersReducedMotion();
    setSliding(!instant);
    setPlace((from) => {
      const next = Math.min(COUNT + 1, Math.max(0, typeof to === "number" ? to : to(from)));
      if (!instant) return next;
      return next === 0 ? COUNT : next === COUNT + 1 ? 1 : next;
    });
  };
  const step = (by: number) => move((from) => from + by);

  // Each slide stays 3 s, whether it came by itself or by a click; a hidden tab's timers wait.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the active slide is the trigger that restarts the wait.
  useEffect(() => {
    if (!playing) return;
    const timer = setTimeout(() => step(1), AUTOPLAY_MS);
    return () => clearTimeout(timer);
  }, [active, playing]);

  function onPointerDown(event: PointerEvent) {
    if (event.pointerType !== "mouse") swipeStart.current = event.clientX;
  }

  function onPointerUp(event: PointerEvent) {
    const start = swipeStart.current;
    swipeStart.current = null;
    if (start === null) return;
    const moved = event.clientX - start;
    if (Math.abs(moved) >= SWIPE_PX) step(moved < 0 ? 1 : -1);
  }

  // Arriving on a copy, the track jumps without sliding to the slide it copies.
  function onTransitionEnd(event: TransitionEvent) {
    if (event.target !== event.currentTarget) return;
    if (place === 0 || place === COUNT + 1) {
      setSliding(false);
      setPlace(place === 0 ? COUNT : 1);
    }
  }

  return (
    <section className="featured" aria-labelledby="featured-title" aria-roledescription={t("carousel")}>
      <div className="container">
        <div className="section-heading">
          <span className="eyebrow">{t("Featured")}</span>
          <h2 id="featured-title">{t("Our Favourite Arrangements")}</h2>
          <p>{t("Three ways to send flowers, each arranged fresh on the day of delivery.")}</p>
        </div>
        <div className="carousel">
          <div
            className="carousel-viewport"
            onPointerDown={onPointerDown}
            onPointerUp={onPointerUp}
            onPointerCancel={() => {
              swipeStart.current = null;
            }}
          >
            <ul
              className={sliding ? "carousel-track sliding" : "carousel-track"}
              // A style set from script is not inline markup: the CSP's style-src allows it.
              style={{ transform: `translateX(${-place * 100}%)` }}
              onTransitionEnd={onTransitionEnd}
            >
              {track.map((item, index) => {
                const isCopy = index === 0 || index === COUNT + 1;
                const current = index === place;
                return (
                  <li
                    // biome-ignore lint/suspicious/noArrayIndexKey: the track's places are fixed; a copy shares its slide's title.
                    key={index}
                    className={current && !isCopy ? "carousel-slide active" : "carousel-slide"}
                    aria-roledescription={isCopy ? undefined : t("slide")}
                    aria-label={isCopy ? undefined : t("{{index}} of {{total}}", { index, total: COUNT })}
                    aria-hidden={!current || isCopy}
                    inert={!current || isCopy}
                  >
                    <figure className="featured-slide">
                      <img src={item.image} alt={item.title} width="640" height="480" loading="lazy" />
                      <figcaption>
                        <h3>{item.title}</h3>
                        <p>{item.text}</p>
                      </figcaption>
                    </figure>
                  </li>
                );
              })}
            </ul>
            <button
              type="button"
              className="carousel-arrow carousel-prev"
              aria-label={t("Previous slide")}
              onClick={() => step(-1)}
            >
              <ChevronLeftIcon size={18} />
            </button>
            <button
              type="button"
              className="carousel-arrow carousel-next"
              aria-label={t("Next slide")}
              onClick={() => step(1)}
            >
              <ChevronRightIcon size={18} />
            </button>
          </div>
          <div className="carousel-controls">
            <button
              type="button"
              className="carousel-play"
              aria-label={playing ? t("Pause slides") : t("Play slides")}
              onClick={() => setPlaying((now) => !now)}
            >
              {playing ? <PauseIcon size={16} /> : <PlayIcon size={16} />}
            </button>
            <div className="carousel-dots">
              {slides.map((item, index) => (
                <button
                  key={item.title}
                  type="button"
                  className="carousel-dot"
                  aria-label={t("Go to slide {{n}}", { n: index + 1 })}
                  aria-current={index === active ? "true" : undefined}
                  onClick={() => move(index + 1)}
                />
              ))}
            </div>
          </div>
        </div>
        <div className="featured-cta">
          <Link to="/katalog" className="btn btn-primary">
            {t("Explore Our Catalog")}
          </Link>
        </div>
      </div>
    </section>
  );
}

function prefersReducedMotion(): boolean {
  return typeof window !== "undefined" && window.matchMedia?.("(prefers-reduced-motion: reduce)").matches === true;
}
