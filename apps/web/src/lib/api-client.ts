/**
 * The one HTTP client of the web app: every call goes to /api with the session
 * cookie, sends JSON (or multipart for files) and turns a failed answer into an ApiError whose
 * text follows the error rule of errorText below (docs/rules.md, Errors).
 */

import { i18n } from "./i18n";

export const API_BASE = "/api";
export const UPLOADS_BASE = "/uploads/";

export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(message: string, status: number, body: unknown) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.body = body;
  }

  /** The server's own message field, when it sent one; screens use it instead of their fallback. */
  get serverMessage(): string | undefined {
    return textField(this.body, "message") ?? textField(this.body, "error");
  }
}

function textField(body: unknown, key: string): string | undefined {
  if (body && typeof body === "object" && key in body) {
    const value = (body as Record<string, unknown>)[key];
    if (typeof value === "string" && value.trim() !== "") return value;
  }
  return undefined;
}

/** The text of a failed answer: the body's message, else its error field, else the status text, else 'Request failed'. */
export function errorText(body: unknown, statusText?: string | null): string {
  return textField(body, "message") ?? textField(body, "error") ?? (statusText || i18n.t("Request failed"));
}

/** The message a screen shows: the server's explanation when there is one, else the screen's own text. */
export function messageOf(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  return fallback;
}

export interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  signal?: AbortSignal;
}

function buildUrl(path: string, query?: RequestOptions["query"]): string {
  const url = `${API_BASE}${path.startsWith("/") ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== "") params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await send<T>(path, options)).data;
}

/** A list the server answers as an array, with how many rows match in its X-Total-Count header. */
export async function apiList<T>(
  path: string,
  query?: RequestOptions["query"],
  signal?: AbortSignal,
): Promise<{ items: T[]; total: number }> {
  const { data, response } = await send<T[]>(path, { query, signal });
  const items = data ?? [];
  const total = Number(response.headers.get("X-Total-Count"));
  return {
    items,
    total: Number.isInteger(total) && total >= 0 && response.headers.has("X-Total-Count") ? total : items.length,
  };
}

async function send<T>(path: string, options: RequestOptions): Promise<{ data: T; response: Response }> {
  const { method = "GET", body, query, signal } = options;
  const headers: Record<string, string> = { Accept: "application/json" };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    // The browser sets multipart/form-data with its boundary itself.
    payload = body;
  } else if (body !== undefined) {
    headers["Content-Type"] = "application/json";
    payload = JSON.stringify(body);
  }
  const response = await fetch(buildUrl(path, query), {
    method,
    headers,
    body: payload,
    credentials: "include",
    signal,
  });
  if (response.status === 204) return { data: undefined as T, response };
  const data = await readBody(response);
  if (!response.ok) throw new ApiError(errorText(data, response.statusText), response.status, data);
  return { data: data as T, response };
}

export const api = {
  get: <T>(path: string, query?: RequestOptions["query"], signal?: AbortSignal) =>
    apiRequest<T>(path, { query, signal }),
  post: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: "POST", body }),
  put: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: "PUT", body }),
  patch: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: "PATCH", body }),
  delete: <T = void>(path: string) => apiRequest<T>(path, { method: "DELETE" }),
};

/**
 * Image paths from the server are either complete ("/uploads/products/a.webp", "https://…",
 * "data:…") or bare file names in the server's file area, which are resolved against /uploads/.
 */
export function resolveImageUrl(url: string | null | undefined): string | null {
  const value = url?.trim();
  if (!value) return null;
  if (/^(https?:|data:|blob:)/i.test(value) || value.startsWith("/")) return value;
  const relative = value.replace(/^\.\//, "");
  if (relative.startsWith("uploads/")) return `/${relative}`;
  return `${UPLOADS_BASE}${relative}`;
}
