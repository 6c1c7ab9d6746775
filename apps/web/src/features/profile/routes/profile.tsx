import { useId, useState } from "react";
import { Avatar } from "../../../components/avatar";
import { FormError, SubmitButton } from "../../../components/form-feedback";
import { LoadingState, PageHeader } from "../../../components/page-state";
import { useAuth } from "../../../lib/auth";
import { useTranslation } from "../../../lib/i18n";
import { profileErrorText, useUpdateProfile } from "../api/profile";
import "../profile.css";

export default function ProfilePage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const id = useId();
  const update = useUpdateProfile();
  const [username, setUsername] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState(false);

  if (!user) return <LoadingState text={t("Loading...")} />;
  const value = username ?? user.username;

  function handleSubmit(event: React.FormEvent) {
    event.preventDefault();
    setSuccess(false);
    if (!user) {
      setError(t("No user logged in"));
      return;
    }
    const trimmed = value.trim();
    if (!trimmed) {
      setError(t("Username is required."));
      return;
    }
    setError(null);
    update.mutate(
      { userId: user.user_id, username: trimmed },
      {
        onSuccess: (updated) => {
          setUsername(updated.username);
          setSuccess(true);
        },
        onError: (err) => setError(profileErrorText(err)),
      },
    );
  }

  return (
    <div className="container page page-narrow">
      <PageHeader eyebrow={t("Account")} title={t("My Profile")} />
      <div className="profile-grid">
        <section className="card profile-card" aria-label={t("Account")}>
          <Avatar username={user.username} size={88} />
          <h2 className="profile-card-name">{user.username}</h2>
          <p className="profile-card-email">{user.email}</p>
        </section>
        <section className="card" aria-labelledby={`${id}-title`}>
          <h2 id={`${id}-title`} className="profile-form-title">
            {t("Update Information")}
          </h2>
          <form className="form" noValidate onSubmit={handleSubmit}>
            <div className="field">
              <label htmlFor={`${id}-username`}>{t("Username")}</label>
              <input
                id={`${id}-username`}
                className="input"
                autoComplete="username"
                required
                maxLength={40}
                value={value}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
                onChange={(event) => {
                  setUsername(event.target.value);
                  setSuccess(false);
                }}
              />
            </div>
            <div className="field">
              <label htmlFor={`${id}-email`}>{t("Email")}</label>
              <input id={`${id}-email`} className="input" type="email" value={user.email} readOnly disabled />
              <p className="field-hint">{t("Your email address cannot be changed.")}</p>
            </div>
            <FormError message={error} id={`${id}-error`} />
            {success ? (
              <p className="alert alert-success" role="status">
                {t("Profile updated successfully!")}
              </p>
            ) : null}
            <SubmitButton pending={update.isPending} pendingLabel={t("Updating...")}>
              {t("Update Profile")}
            </SubmitButton>
          </form>
        </section>
      </div>
    </div>
  );
}
