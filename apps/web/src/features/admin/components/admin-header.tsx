import type { ReactNode } from "react";

/** The title block every admin screen starts with; actions sit beside it on wide screens. */
export function AdminHeader({ title, subtitle, actions }: { title: string; subtitle?: string; actions?: ReactNode }) {
  return (
    <header className="admin-header">
      <div>
        <span className="eyebrow">Admin</span>
        <h1>{title}</h1>
        {subtitle ? <p>{subtitle}</p> : null}
      </div>
      {actions ? <div className="admin-header-actions">{actions}</div> : null}
    </header>
  );
}
