import { useEffect, useId, useRef, useState } from "react";
import { ProductImage } from "../../../components/product-image";
import { useTranslation } from "../../../lib/i18n";
import { imageFileProblem } from "../lib/image-file";

/** A preview URL for a picked file, released when the file changes or the picker goes away. */
export function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

export interface ImagePickerProps {
  label: string;
  hint?: string;
  file: File | null;
  /** The image already on the server, shown when no new file is picked. */
  currentUrl: string;
  required?: boolean;
  compact?: boolean;
  /** A picked file that passed the checks, or null when the picker was emptied. */
  onPick: (file: File | null) => void;
  onRemove?: () => void;
  removeLabel?: string;
}

/** A file picker for one image with its preview, the 5 MB rule (docs/rules.md, Files) and a Remove button. */
export function ImagePicker({
  label,
  hint,
  file,
  currentUrl,
  required = false,
  compact = false,
  onPick,
  onRemove,
  removeLabel,
}: ImagePickerProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const hintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const fileUrl = useObjectUrl(file);
  const shown = fileUrl ?? (currentUrl || null);

  function change(event: React.ChangeEvent<HTMLInputElement>) {
    const picked = event.target.files?.[0] ?? null;
    const issue = picked ? imageFileProblem(picked) : null;
    setProblem(issue);
    if (issue) {
      // The picker is reset so the oversized file cannot be sent by accident.
      event.target.value = "";
      onPick(null);
      return;
    }
    onPick(picked);
  }

  function remove() {
    if (inputRef.current) inputRef.current.value = "";
    setProblem(null);
    onRemove?.();
  }

  return (
    <div className={compact ? "field image-picker image-picker-compact" : "field image-picker"}>
      <label htmlFor={inputId}>{label}</label>
      <div className="image-picker-body">
        {shown ? (
          <div className="image-picker-preview">
            <ProductImage src={shown} alt={t("{{label}} preview", { label })} width={96} height={96} />
          </div>
        ) : null}
        <div className="image-picker-controls">
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            accept="image/*"
            className="input input-file"
            onChange={change}
            required={required}
            aria-describedby={hint ? hintId : undefined}
            aria-invalid={problem ? true : undefined}
          />
          {hint ? (
            <p id={hintId} className="field-hint">
              {hint}
            </p>
          ) : null}
          {problem ? (
            <p className="field-error" role="alert">
              {problem}
            </p>
          ) : null}
          {shown && onRemove ? (
            <button type="button" className="btn btn-ghost btn-small image-picker-remove" onClick={remove}>
              {removeLabel ?? t("Remove")}
            </button>
          ) : null}
        </div>
      </div>
    </div>
  );
}
