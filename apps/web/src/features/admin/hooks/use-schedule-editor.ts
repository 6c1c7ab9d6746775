import type { DeliverySchedule, DeliveryScheduleInput, StrandedOrders } from "@florist/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { messageOf } from "../../../lib/api-client";
import { useTranslation } from "../../../lib/i18n";
import { checkDeliverySchedule, saveDeliverySchedule, scheduleKey } from "../api/delivery-schedule";
import { adminKeys } from "../api/orders";
import { shopToday } from "../lib/deliveries";
import { bodyOf, draftOf, problemPlace, type ScheduleDraft, sameDraft, scheduleProblem } from "../lib/schedule-draft";

export type StrandedOrder = StrandedOrders["stranded"][number];

/**
 * The Schedule screen's copy of the schedule and its saving. Saving asks the server first which orders
 * the change would strand; when there are some, it waits for the admin's word (`confirm`) before the PUT,
 * and `cancel` sends nothing. The first problem, the screen's own or the server's 400, is kept in `error`
 * until the next change.
 */
export function useScheduleEditor(saved: DeliverySchedule) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const today = shopToday();
  const [draft, setDraft] = useState(() => draftOf(saved, today));
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [stranded, setStranded] = useState<StrandedOrder[] | null>(null);
  const [pending, setPending] = useState<DeliveryScheduleInput | null>(null);

  const put = useMutation({
    mutationFn: saveDeliverySchedule,
    onSuccess: async (schedule) => {
      queryClient.setQueryData(scheduleKey, schedule);
      setDraft(draftOf(schedule, today));
      setNotice(t("Schedule saved."));
      // The deliveries screen and the availability it shows follow the new schedule.
      await queryClient.invalidateQueries({
        queryKey: adminKeys.all,
        predicate: (q) => q.queryKey[1] !== scheduleKey[1],
      });
    },
    onError: (failure) => setError(messageOf(failure, t("The schedule could not be saved."))),
    onSettled: () => {
      setStranded(null);
      setPending(null);
    },
  });

  const check = useMutation({
    mutationFn: checkDeliverySchedule,
    onSuccess: (answer, body) => {
      if (answer.stranded.length === 0) {
        put.mutate(body);
        return;
      }
      setPending(body);
      setStranded(answer.stranded);
    },
    onError: (failure) => setError(messageOf(failure, t("The schedule could not be checked."))),
  });

  function change(edit: (current: ScheduleDraft) => ScheduleDraft) {
    setDraft(edit);
    setError(null);
    setNotice(null);
  }

  function save() {
    setNotice(null);
    const problem = scheduleProblem(draft);
    setError(problem);
    if (!problem) check.mutate(bodyOf(draft));
  }

  return {
    draft,
    today,
    change,
    dirty: !sameDraft(draft, draftOf(saved, today)),
    discard: () => change(() => draftOf(saved, today)),
    save,
    saving: check.isPending || put.isPending,
    error,
    errorPlace: error ? problemPlace(error, draft) : null,
    notice,
    stranded,
    confirm: () => {
      if (pending) put.mutate(pending);
    },
    cancel: () => {
      setStranded(null);
      setPending(null);
    },
  };
}
