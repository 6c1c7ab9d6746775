import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import "./app/global.css";
import { App } from "./app/app";
import { loadFontsAfterContent } from "./app/fonts";
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
loadFontsAfterContent();
