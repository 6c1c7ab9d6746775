import type { User } from "@florist/contract";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { api } from "./api-client";
import { sessionKey, useAuth } from "./auth";
import { type Language, switchLanguage } from "./i18n";

/**
 * Switching the language shows the shop in it at once and remembers it in this browser; for a
 * logged-in shopper the account remembers it too, so mails and other devices follow. The account is
 * a convenience: when saving it fails the shop still switches.
 */
export function useSwitchLanguage(): (language: Language) => Promise<void> {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  return useCallback(
    async (language: Language) => {
      await switchLanguage(language);
      if (!user) return;
      try {
        const answer = await api.patch<{ user: User }>(`/users/${user.user_id}/language`, { language });
        queryClient.setQueryData(sessionKey, answer.user);
      } catch {
        // The browser's choice already holds; the account keeps its former language.
      }
    },
    [user, queryClient],
  );
}
