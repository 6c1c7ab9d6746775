/**
 * The form in which usernames and e-mail addresses are compared: NFKC turns look-alikes such as
 * full-width "ａｄｍｉｎ" into "admin", and upper- then lower-casing folds every script's letters
 * (É/é, ß/SS). Computed here rather than with the database's lower(), which folds only ASCII on
 * SQLite, so both databases compare alike. The last NFKC keeps the key stable when folding
 * produces combining marks.
 */
export function accountKey(text: string): string {
  return text.normalize("NFKC").toUpperCase().toLowerCase().normalize("NFKC");
}
