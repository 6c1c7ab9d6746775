import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import "@fontsource/playfair-display/latin-600.css";
import "@fontsource/playfair-display/latin-700.css";
import "@fontsource/playfair-display/latin-400-italic.css";
import "@fontsource/nunito-sans/latin-400.css";
import "@fontsource/nunito-sans/latin-600.css";
import "@fontsource/nunito-sans/latin-700.css";
import "./app/global.css";
import { App } from "./app/app";
import { startLanguage } from "./lib/i18n";

const root = document.getElementById("root");
if (!root) throw new Error("The page has no #root element.");

// The first render is already in the shopper's language: an Indonesian reader never sees English flash.
void startLanguage().finally(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
