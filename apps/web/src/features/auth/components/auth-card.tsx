import type { ReactNode } from "react";
import "../auth.css";

export function AuthCard({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <section className="auth-card card" aria-labelledby="auth-title">
      <h1 id="auth-title">{title}</h1>
      {subtitle ? <p className="auth-subtitle">{subtitle}</p> : null}
      {children}
      {footer ? <div className="auth-footer">{footer}</div> : null}
    </section>
  );
}
