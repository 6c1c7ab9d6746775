import { Link } from "react-router";
import { useTranslation } from "../../../lib/i18n";

export interface AccessDeniedProps {
  text?: string;
  linkLabel?: string;
}

/** What a logged-in non-admin sees on an admin screen, in the specification's words. */
export function AccessDenied({ text, linkLabel }: AccessDeniedProps) {
  const { t } = useTranslation();
  return (
    <div className="container page">
      <div className="card admin-denied" role="alert">
        <svg viewBox="0 0 48 48" width="48" height="48" aria-hidden="true" className="admin-denied-icon">
          <rect x="11" y="21" width="26" height="19" rx="4" fill="currentColor" opacity="0.25" />
          <path
            d="M16 21v-5a8 8 0 0 1 16 0v5"
            fill="none"
            stroke="currentColor"
            strokeWidth="3"
            strokeLinecap="round"
          />
          <circle cx="24" cy="30" r="2.5" fill="currentColor" />
        </svg>
        <p>{text ?? t("You do not have access to this page.")}</p>
        <Link to="/" className="btn btn-primary">
          {linkLabel ?? t("Back to Homepage")}
        </Link>
      </div>
    </div>
  );
}
