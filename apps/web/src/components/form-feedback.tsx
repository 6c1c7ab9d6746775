import type { ReactNode } from "react";

/** A form's error line, announced as soon as it appears; nothing while there is no error. */
export function FormError({ message, id }: { message: string | null; id?: string }) {
  if (!message) return null;
  return (
    <p className="alert alert-error" role="alert" id={id}>
      {message}
    </p>
  );
}

/** A form's main button, disabled and relabelled while its request is on its way. */
export function SubmitButton({
  pending,
  pendingLabel,
  children,
}: {
  pending: boolean;
  pendingLabel: string;
  children: ReactNode;
}) {
  return (
    <button type="submit" className="btn btn-primary" disabled={pending}>
      {pending ? pendingLabel : children}
    </button>
  );
}
