import { z } from "zod";
import { id, int } from "./common.js";
import { isStrongPassword, PASSWORD_RULE_MESSAGE } from "./rules.js";

export const password = z
  .string({ error: "Password is required." })
  .max(200, "Password is too long.")
  .refine(isStrongPassword, PASSWORD_RULE_MESSAGE);

export const username = z
  .string({ error: "Username is required." })
  .trim()
  .min(3, "Username must be at least 3 characters.")
  .max(40, "Username must be at most 40 characters.")
  .regex(/^[\p{L}\p{N}._ -]+$/u, "Username may only contain letters, numbers, spaces, dots, dashes and underscores.")
  .refine((v) => !v.includes("@"), "Username may not contain @.");

export const email = z
  .string({ error: "Email is required." })
  .trim()
  .toLowerCase()
  .max(254, "Email is too long.")
  .pipe(z.email("Email is not a valid address."));

/** The two languages of the shop (docs/decisions/0025): English, the default, and Bahasa Indonesia. */
export const languageSchema = z.enum(["en", "id"], { error: "must be en or id" });
export type Language = z.infer<typeof languageSchema>;

/** `language`: the one the new account's owner is reading the shop in, English when not given. */
export const registerBody = z.object({ username, email, password, language: languageSchema.optional() });
export type RegisterBody = z.input<typeof registerBody>;

export const loginBody = z.object({
  identifier: z
    .string({ error: "Username or email is required." })
    .trim()
    .min(1, "Username or email is required.")
    .max(254),
  password: z.string({ error: "Password is required." }).min(1, "Password is required.").max(200),
});
export type LoginBody = z.input<typeof loginBody>;

export const forgotPasswordBody = z.object({ email });
export const resetPasswordBody = z.object({ newPassword: password });
export const resetTokenParam = z.object({ token: z.string().min(1).max(200) });
export const profileBody = z.object({ username });
export const languageBody = z.object({ language: languageSchema });
export const userIdParam = z.object({ userId: id });

export const roleSchema = z.enum(["admin", "customer"]);
export type Role = z.infer<typeof roleSchema>;

export const userSchema = z.object({
  user_id: int,
  username: z.string(),
  email: z.string(),
  role: roleSchema,
  language: languageSchema,
});
export type User = z.infer<typeof userSchema>;

/** Register, login, profile and language answer the account as `{user}`. */
export const userAnswerSchema = z.object({ user: userSchema });
export type UserAnswer = z.infer<typeof userAnswerSchema>;

export const loggedInSchema = z.object({ loggedIn: z.literal(true), user: userSchema });
/** The 401 of GET /api/users/session: not an error body, the session's other state. */
export const loggedOutSchema = z.object({ loggedIn: z.literal(false), message: z.string() });
export const sessionAnswerSchema = z.discriminatedUnion("loggedIn", [loggedInSchema, loggedOutSchema]);
export type SessionAnswer = z.infer<typeof sessionAnswerSchema>;
