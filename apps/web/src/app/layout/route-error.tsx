import { Component, type ErrorInfo, type ReactNode } from "react";
import { useTranslation } from "../../lib/i18n";

/**
 * Shown when a screen fails to render or its code cannot be loaded (for example right after a
 * new version replaced the hashed files); reloading fetches the current version.
 */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <main className="container page not-found">
      <h1>{t("Something went wrong")}</h1>
      <p>{t("This page could not be shown. Please reload the page and try again.")}</p>
      <div className="not-found-actions">
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          {t("Reload page")}
        </button>
        <a href="/" className="btn btn-secondary">
          {t("Go to Homepage")}
        </a>
      </div>
    </main>
  );
}

/** Catches what a screen throws and shows RouteError instead; going to another address tries again. */
export class RouteErrorBoundary extends Component<{ children: ReactNode; address: string }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override componentDidUpdate(previous: { address: string }) {
    if (this.state.failed && previous.address !== this.props.address) this.setState({ failed: false });
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}
