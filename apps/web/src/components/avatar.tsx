import { initialsOf } from "../lib/format";

/** Avatars are drawn here from the username on the fixed brown background; no outside service sees the name. */
export function Avatar({ username, size = 36 }: { username: string; size?: number }) {
  return (
    <span
      className="avatar"
      style={{ width: size, height: size, fontSize: Math.round(size * 0.4) }}
      role="img"
      aria-label={`Avatar ${username}`}
    >
      {initialsOf(username)}
    </span>
  );
}
