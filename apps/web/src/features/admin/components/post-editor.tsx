import { type FormEvent, useId, useState } from "react";
import { FormError, SubmitButton } from "../../../components/form-feedback";
import { Markdown } from "../../../components/markdown";
import { useTranslation } from "../../../lib/i18n";
import { type PostFormValues, postState, postStateText } from "../lib/post-form";
import { ImagePicker } from "./image-picker";

interface PostEditorProps {
  initial: PostFormValues;
  /** The cover already on the server, when editing a post that has one. */
  coverUrl: string;
  submitLabel: string;
  /** Saves the post; resolves to the server's refusal (a fourth featured post, a bad date), or null once saved. */
  onSubmit: (values: PostFormValues, cover: File | null) => Promise<string | null>;
  onCancel: () => void;
}

/**
 * Writing a post: title, excerpt, cover with its alt text, the Markdown body beside a live preview
 * drawn by the article's own renderer, draft or published, a publish date and the featured flag.
 * The server checks every field; its message is shown under the form.
 */
export function PostEditor({ initial, coverUrl, submitLabel, onSubmit, onCancel }: PostEditorProps) {
  const { t } = useTranslation();
  const ids = { title: useId(), excerpt: useId(), alt: useId(), body: useId(), date: useId(), hint: useId() };
  const errorId = useId();
  const [values, setValues] = useState(initial);
  const [cover, setCover] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const set = <K extends keyof PostFormValues>(key: K, value: PostFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const text = (key: "title" | "excerpt" | "body" | "imageAlt" | "publishedAt") => ({
    value: values[key],
    onChange: (event: { target: { value: string } }) => set(key, event.target.value),
    disabled: saving,
    "aria-describedby": error ? errorId : undefined,
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    const refusal = await onSubmit(values, cover);
    setSaving(false);
    setError(refusal);
  }

  return (
    <form className="post-editor" onSubmit={submit} noValidate aria-label={t("Post editor")}>
      <div className="field">
        <label htmlFor={ids.title}>{t("Title")}</label>
        <input id={ids.title} className="input" {...text("title")} data-autofocus />
      </div>
      <div className="field">
        <label htmlFor={ids.excerpt}>{t("Excerpt")}</label>
        <textarea id={ids.excerpt} className="input" rows={2} {...text("excerpt")} />
      </div>
      <div className="post-editor-cover">
        <ImagePicker
          label={t("Cover image")}
          hint={t("JPEG, PNG or WebP, at most 5 MB.")}
          file={cover}
          currentUrl={coverUrl}
          onPick={setCover}
        />
        <div className="field">
          <label htmlFor={ids.alt}>{t("Cover description (alt text)")}</label>
          <input id={ids.alt} className="input" {...text("imageAlt")} placeholder={t("What the picture shows")} />
        </div>
      </div>
      <div className="post-editor-body">
        <div className="field">
          <label htmlFor={ids.body}>{t("Body (Markdown)")}</label>
          <textarea id={ids.body} className="input post-editor-markdown" rows={16} {...text("body")} />
        </div>
        <section className="post-editor-preview" aria-label={t("Preview")}>
          <h3 className="post-editor-preview-title">{t("Preview")}</h3>
          {values.body.trim() ? (
            <Markdown source={values.body} />
          ) : (
            <p className="field-hint">{t("The article appears here as you write it.")}</p>
          )}
        </section>
      </div>
      <div className="post-editor-publish">
        <fieldset className="field post-editor-status" disabled={saving}>
          <legend>{t("Status")}</legend>
          {(["draft", "published"] as const).map((status) => (
            <label key={status} className="checkbox">
              <input
                type="radio"
                name="status"
                value={status}
                checked={values.status === status}
                onChange={() => set("status", status)}
              />
              {postStateText(postState({ status, live: true }))}
            </label>
          ))}
        </fieldset>
        <div className="field">
          <label htmlFor={ids.date}>{t("Publish date (WIB)")}</label>
          <input
            id={ids.date}
            className="input"
            type="datetime-local"
            {...text("publishedAt")}
            aria-describedby={ids.hint}
          />
          <p id={ids.hint} className="field-hint">
            {t("Empty publishes now. A future date schedules the post.")}
          </p>
        </div>
        <label className="checkbox post-editor-featured">
          <input
            type="checkbox"
            checked={values.featured}
            onChange={(event) => set("featured", event.target.checked)}
            disabled={saving}
          />
          {t("Feature on the home page (at most three posts)")}
        </label>
      </div>
      <FormError id={errorId} message={error} />
      <div className="post-editor-actions">
        <SubmitButton pending={saving} pendingLabel={t("Saving...")}>
          {submitLabel}
        </SubmitButton>
        <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={saving}>
          {t("Cancel")}
        </button>
      </div>
    </form>
  );
}
