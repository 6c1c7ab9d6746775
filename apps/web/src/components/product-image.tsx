import { photoSrcSet } from "@florist/contract/pages";
import { useState } from "react";
import { resolveImageUrl } from "../lib/api-client";

export interface ProductImageProps {
  src: string | null | undefined;
  alt: string;
  width: number;
  height: number;
  className?: string;
  /** Images above the fold load at once; everything else waits until it is near the viewport. */
  eager?: boolean;
  /**
   * How wide the image is drawn (the `sizes` attribute). With it, a stored photo offers its smaller
   * copies beside the full one (contract photoSrcSet), so a phone or a small card does not fetch the large file.
   */
  sizes?: string;
}

/**
 * A product photo, or a drawn placeholder when the product has none or the file fails to load. A copy
 * that fails (one not made yet for an older photo) falls back to the photo itself before the placeholder.
 */
export function ProductImage({ src, alt, width, height, className, eager = false, sizes }: ProductImageProps) {
  const url = resolveImageUrl(src);
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const [failedCopiesUrl, setFailedCopiesUrl] = useState<string | null>(null);
  const classes = className ? `product-image ${className}` : "product-image";
  if (!url || failedUrl === url) {
    return (
      <span
        className={`${classes} product-image-placeholder`}
        // A decorative picture (alt "") stays decorative when drawn: an image role needs a name.
        {...(alt ? { role: "img", "aria-label": alt } : { "aria-hidden": true })}
      >
        <svg viewBox="0 0 64 64" width="40%" aria-hidden="true">
          <circle cx="32" cy="22" r="9" fill="currentColor" opacity="0.4" />
          <circle cx="21" cy="29" r="9" fill="currentColor" opacity="0.3" />
          <circle cx="43" cy="29" r="9" fill="currentColor" opacity="0.3" />
          <circle cx="32" cy="33" r="7" fill="currentColor" opacity="0.55" />
          <path
            d="M32 40v20M32 52c-4-6-10-6-13-4M32 50c4-5 10-5 12-3"
            stroke="currentColor"
            strokeWidth="2.5"
            fill="none"
          />
        </svg>
      </span>
    );
  }
  const srcSet = sizes && failedCopiesUrl !== url ? photoSrcSet(url) : undefined;
  return (
    <img
      className={classes}
      src={url}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? "eager" : "lazy"}
      fetchPriority={eager ? "high" : undefined}
      decoding="async"
      onError={() => (srcSet ? setFailedCopiesUrl(url) : setFailedUrl(url))}
    />
  );
}
