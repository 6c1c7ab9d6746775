import logoUrl from "../assets/logo.svg";
import { useTranslation } from "../lib/i18n";
import { shop } from "../lib/shop";

/** The emblem with the shop's name set beside it; the emblem itself is decorative. */
export function Logo({ size = 44, tone = "dark" }: { size?: number; tone?: "dark" | "light" }) {
  const { t } = useTranslation();
  return (
    <span className={`logo logo-${tone}`}>
      <img src={logoUrl} alt="" width={size} height={size} className="logo-mark" />
      <span className="logo-text">
        <span className="logo-name">{shop.name}</span>
        <span className="logo-tagline">{t("Flowers & Gifts")}</span>
      </span>
    </span>
  );
}
