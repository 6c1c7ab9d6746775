import type { ReactNode } from "react";
import { Link } from "react-router";
import type { LoginRedirectState } from "../lib/auth";
import { useTranslation } from "../lib/i18n";

/** Loading, empty and error blocks share one look across screens. */
export function LoadingState({ text }: { text: string }) {
  return (
    <div className="page-state" role="status">
      <span className="spinner" aria-hidden="true" />
      <p>{text}</p>
    </div>
  );
}

export function ErrorState({ text, children }: { text: string; children?: ReactNode }) {
  return (
    <div className="page-state page-state-error" role="alert">
      <p>{text}</p>
      {children}
    </div>
  );
}

export function EmptyState({ text, children }: { text: ReactNode; children?: ReactNode }) {
  return (
    <div className="page-state page-state-empty">
      <svg viewBox="0 0 64 64" width="56" height="56" aria-hidden="true" className="page-state-icon">
        <circle cx="32" cy="24" r="8" fill="currentColor" opacity="0.35" />
        <circle cx="22" cy="30" r="8" fill="currentColor" opacity="0.25" />
        <circle cx="42" cy="30" r="8" fill="currentColor" opacity="0.25" />
        <circle cx="32" cy="34" r="6" fill="currentColor" opacity="0.5" />
        <path d="M32 40v18M32 50c-4-6-10-6-12-4M32 48c4-5 9-5 11-3" stroke="currentColor" strokeWidth="2" fill="none" />
      </svg>
      <p>{text}</p>
      {children}
    </div>
  );
}

/** What a visitor sees on a shopper's own page: a Log in button that brings them back to it. */
export function LoginPrompt({ text, redirectTo }: { text: string; redirectTo: string }) {
  const { t } = useTranslation();
  const state: LoginRedirectState = { redirectTo };
  return (
    <EmptyState text={text}>
      <Link to="/login" state={state} className="btn btn-primary">
        {t("Log in")}
      </Link>
    </EmptyState>
  );
}

/** The eyebrow, title and optional lead line at the top of a page. */
export function PageHeader({
  eyebrow,
  title,
  lead,
  className,
}: {
  eyebrow: string;
  title: string;
  lead?: string;
  className?: string;
}) {
  return (
    <header className={className ? `page-header ${className}` : "page-header"}>
      <span className="eyebrow">{eyebrow}</span>
      <h1>{title}</h1>
      {lead ? <p>{lead}</p> : null}
    </header>
  );
}
