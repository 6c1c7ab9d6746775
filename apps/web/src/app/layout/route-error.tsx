import { isRouteErrorResponse, useRouteError } from "react-router";

/**
 * Shown when a screen fails to render or its code cannot be loaded (for example right after a
 * new version replaced the hashed files); reloading fetches the current version.
 */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;
  return (
    <main className="container page not-found">
      <h1>Something went wrong</h1>
      <p>This page could not be shown.{detail ? ` (${detail})` : ""} Please reload the page and try again.</p>
      <div className="not-found-actions">
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          Reload page
        </button>
        <a href="/" className="btn btn-secondary">
          Go to Homepage
        </a>
      </div>
    </main>
  );
}
