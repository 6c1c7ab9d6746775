import { useState } from "react";
import { PlayIcon } from "../../../components/icons";
import { useTranslation } from "../../../lib/i18n";

export interface VideoEmbedProps {
  videoId: string;
  title: string;
  poster: string;
}

/**
 * The video is a local poster until the visitor asks for it: only then does the browser contact
 * the (privacy-enhanced) YouTube embed, so just opening the home page sends nothing to a third party.
 */
export function VideoEmbed({ videoId, title, poster }: VideoEmbedProps) {
  const { t } = useTranslation();
  const [playing, setPlaying] = useState(false);
  if (playing) {
    return (
      <div className="video-frame">
        <iframe
          src={`https://www.youtube-nocookie.com/embed/${encodeURIComponent(videoId)}?autoplay=1&rel=0`}
          title={title}
          width="640"
          height="360"
          loading="lazy"
          allow="accelerometer; autoplay; encrypted-media; gyroscope; picture-in-picture"
          referrerPolicy="strict-origin-when-cross-origin"
          allowFullScreen
        />
      </div>
    );
  }
  return (
    <button type="button" className="video-frame video-poster" onClick={() => setPlaying(true)}>
      <img src={poster} alt="" width="640" height="360" loading="lazy" />
      <span className="video-play">
        <PlayIcon size={30} />
      </span>
      <span className="video-label">{t("Play video: {{title}}", { title })}</span>
    </button>
  );
}
