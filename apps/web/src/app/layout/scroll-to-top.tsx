import { useEffect } from "react";
import { useLocation } from "react-router";

/** The page scrolls to the top on every route change, as a new page would. */
export function ScrollToTop() {
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new pathname is the event this effect answers.
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: "instant" });
  }, [pathname]);
  return null;
}
