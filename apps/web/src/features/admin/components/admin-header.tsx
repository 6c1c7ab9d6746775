import type { ReactNode } from "react";
import { useTranslation } from "../../../lib/i18n";

/** The title block every admin screen starts with; actions sit beside it on wide screens. */
export function AdminHeader({ title, subtitle, actions }: { title: string; subtitle?: string; actions?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <header className="admin-header">
      <div>
        <span className="eyebrow">{t("Admin")}</span>
        <h1>{title}</h1>
        {subtitle ? <p>{subtitle}</p> : null}
      </div>
      {actions ? <div className="admin-header-actions">{actions}</div> : null}
    </header>
  );
}
