import { initialsOf } from "../lib/format";

/**
 * Avatars are drawn here from the username on the fixed brown background; no outside service
 * sees the name. The username is always written beside it, so the picture itself is decorative.
 */
export function Avatar({ username, size = 36 }: { username: string; size?: number }) {
  return (
    <span className="avatar" style={{ width: size, height: size, fontSize: Math.round(size * 0.4) }} aria-hidden="true">
      {initialsOf(username)}
    </span>
  );
}
