import { Link } from "react-router";
import { MailIcon, PinIcon, WhatsappIcon } from "../../components/icons";
import { LanguageSwitch } from "../../components/language-switch";
import { Logo } from "../../components/logo";
import { useSwitchLanguage } from "../../lib/language";
import { shop, whatsappLink } from "../../lib/shop";

export function Footer() {
  const switchLanguage = useSwitchLanguage();
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div className="footer-brand">
          <Logo tone="light" size={48} />
          <p>Premium florist offering custom flower arrangements with personal delivery service.</p>
        </div>
        <nav aria-labelledby="footer-links-title">
          <h2 id="footer-links-title" className="footer-title">
            Quick Links
          </h2>
          <ul className="footer-list">
            <li>
              <Link to="/">Home</Link>
            </li>
            <li>
              <Link to="/katalog">Product Catalog</Link>
            </li>
            <li>
              <Link to="/blog">Blog &amp; Tips</Link>
            </li>
          </ul>
        </nav>
        <div>
          <h2 className="footer-title">Contact</h2>
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
          <p>© 2025 {shop.name}. All rights reserved.</p>
          <LanguageSwitch className="footer-language" onSwitch={(language) => void switchLanguage(language)} />
        </div>
      </div>
    </footer>
  );
}
