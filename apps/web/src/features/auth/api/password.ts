import { api } from "../../../lib/api-client";

export function requestPasswordReset(email: string) {
  return api.post<{ message: string }>("/users/forgotpassword", { email });
}

export function resetPassword(token: string, newPassword: string) {
  return api.patch<{ message: string }>(`/users/resetpassword/${encodeURIComponent(token)}`, { newPassword });
}
