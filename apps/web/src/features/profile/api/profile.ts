import type { profileBody, User } from "@florist/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { ApiError, api } from "../../../lib/api-client";
import { sessionKey } from "../../../lib/auth";
import { i18n } from "../../../lib/i18n";

async function updateProfile({ userId, username }: { userId: number; username: string }): Promise<User> {
  const body: z.input<typeof profileBody> = { username };
  const answer = await api.patch<{ user: User }>(`/users/${userId}/profile`, body);
  return answer.user;
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => queryClient.setQueryData(sessionKey, user),
  });
}

export function profileErrorText(error: unknown): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : i18n.t("Failed to update profile");
}
