import type { Notice } from "../hooks/use-product-actions";

/** The outcome of the last action on a screen: announced politely on success, at once on failure. */
export function AdminNotice({ notice }: { notice: Notice | null }) {
  if (!notice) return null;
  const success = notice.kind === "success";
  return (
    <p
      className={`alert ${success ? "alert-success" : "alert-error"} admin-notice`}
      role={success ? "status" : "alert"}
    >
      {notice.text}
    </p>
  );
}
