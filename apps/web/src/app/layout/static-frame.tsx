import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { type Language, switchLanguage } from "../../lib/i18n";
import { SiteFrame } from "./layouts";

/**
 * The frame every page starts from, as static HTML for index.html (rendered by the Vite build, see
 * vite.config.ts): the header as it looks before the session is known, an empty main that holds the
 * place of the content, and the footer. React replaces it with the same markup when it starts, so the
 * first paint needs no script (the CSP allows none inline) and nothing moves when the app takes over.
 * The build draws it once per language; the server sends the one the reader's language asks for.
 */
export async function renderStaticFrame(language: Language): Promise<string> {
  await switchLanguage(language, { remember: false });
  return renderToStaticMarkup(
    // No page's link is current in the frame: the address that matches none.
    <MemoryRouter initialEntries={["/~frame"]}>
      <QueryClientProvider client={new QueryClient()}>
        <SiteFrame />
      </QueryClientProvider>
    </MemoryRouter>,
  );
}
