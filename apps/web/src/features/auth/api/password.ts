import type { forgotPasswordBody, resetPasswordBody } from "@florist/contract";
import type { z } from "zod";
import { api } from "../../../lib/api-client";

export function requestPasswordReset(email: string) {
  const body: z.input<typeof forgotPasswordBody> = { email };
  return api.post<{ message: string }>("/users/forgotpassword", body);
}

export function resetPassword(token: string, newPassword: string) {
  const body: z.input<typeof resetPasswordBody> = { newPassword };
  return api.patch<{ message: string }>(`/users/resetpassword/${encodeURIComponent(token)}`, body);
}
