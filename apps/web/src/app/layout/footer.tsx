import { Link } from "react-router";
import { MailIcon, PinIcon, WhatsappIcon } from "../../components/icons";
import { LanguageSwitch } from "../../components/language-switch";
import { Logo } from "../../components/logo";
import { useTranslation } from "../../lib/i18n";
import { useSwitchLanguage } from "../../lib/language";
import { shop, whatsappLink } from "../../lib/shop";

export function Footer() {
  const { t } = useTranslation();
  const switchLanguage = useSwitchLanguage();
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div className="footer-brand">
          <Logo tone="light" size={48} />
          <p>{t("Premium florist offering custom flower arrangements with personal delivery service.")}</p>
        </div>
        <nav aria-labelledby="footer-links-title">
          <h2 id="footer-links-title" className="footer-title">
            {t("Quick Links")}
          </h2>
          <ul className="footer-list">
            <li>
              <Link to="/">{t("Home")}</Link>
            </li>
            <li>
              <Link to="/katalog">{t("Product Catalog")}</Link>
            </li>
            <li>
              <Link to="/blog">{t("Blog & Tips")}</Link>
            </li>
          </ul>
        </nav>
        <div>
          <h2 className="footer-title">{t("Contact")}</h2>
          <ul className="footer-list footer-contact">
            <li>
              <WhatsappIcon size={18} />
              <a href={whatsappLink()} target="_blank" rel="noopener noreferrer">
                WhatsApp +{shop.whatsappNumber}
              </a>
            </li>
            <li>
              <MailIcon size={18} />
              <a href={`mailto:${shop.email}`}>{shop.email}</a>
            </li>
            <li>
              <PinIcon size={18} />
              <address>{shop.address}</address>
            </li>
          </ul>
        </div>
      </div>
      <div className="footer-bottom">
        <div className="container footer-bottom-row">
          <p>{t("© 2025 {{name}}. All rights reserved.", { name: shop.name })}</p>
          <LanguageSwitch className="footer-language" onSwitch={(language) => void switchLanguage(language)} />
        </div>
      </div>
    </footer>
  );
}
