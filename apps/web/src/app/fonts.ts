/**
 * The web fonts come after the page's content. Their files (about 90 KB for the five faces a page
 * draws) are asked for as soon as a rule naming them applies to drawn text; loaded with the entry
 * stylesheet, they shared a phone's slow link with the script and the photo the largest paint waits
 * for. Their @font-face rules are therefore added once the page's largest paint inside its main
 * content is drawn (the browser reports it), or, where the browser does not report it, or nothing in
 * main ever is the largest, a moment after the load event. Until then the text is drawn in the
 * fallback of each stack (global.css), sized like the web font so that little moves at the swap.
 */
const AFTER_LOAD_MS = 1500;

let requested = false;

function loadFonts(): void {
  if (requested) return;
  requested = true;
  void import("./font-faces");
}

export function loadFontsAfterContent(): void {
  const reportsLargestPaint =
    typeof PerformanceObserver !== "undefined" &&
    PerformanceObserver.supportedEntryTypes?.includes("largest-contentful-paint");
  if (reportsLargestPaint) {
    const observer = new PerformanceObserver((list) => {
      const drawnInMain = list
        .getEntries()
        .some((entry) => (entry as PerformanceEntry & { element?: Element | null }).element?.closest("main"));
      if (drawnInMain) {
        observer.disconnect();
        loadFonts();
      }
    });
    observer.observe({ type: "largest-contentful-paint", buffered: true });
  }
  const afterLoad = () => setTimeout(loadFonts, AFTER_LOAD_MS);
  if (document.readyState === "complete") afterLoad();
  else window.addEventListener("load", afterLoad, { once: true });
}
