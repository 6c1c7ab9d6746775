import type { BankAccount, PaymentSettings } from "@florist/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { messageOf } from "../../../lib/api-client";
import { useTranslation } from "../../../lib/i18n";
import { paymentKeys, savePaymentSettings } from "../api/payments";

/** A bank account being edited; the key keeps each row's inputs in place when another row is removed. */
export interface AccountDraft extends BankAccount {
  key: number;
}

/** The field a 400 names ("bankAccounts.1.accountNumber: must be digits"), to mark that input. */
export function invalidFieldOf(message: string | null): string | null {
  return /^([\w.]+): /.exec(message ?? "")?.[1] ?? null;
}

/**
 * The payment settings form: bank accounts added, edited and removed, and the payment window in
 * minutes. The server checks every field and its 400 names the field, so that message is shown as it
 * comes; only an empty window is stopped here, because the server would read it as 0 (never lapses).
 */
export function usePaymentSettingsForm(current: PaymentSettings) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const nextKey = useRef(0);
  const draft = (account: BankAccount): AccountDraft => ({ ...account, key: nextKey.current++ });
  const [accounts, setAccounts] = useState<AccountDraft[]>(() => current.bankAccounts.map(draft));
  const [windowInput, setWindowInput] = useState(String(current.paymentWindowMinutes));
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: savePaymentSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(paymentKeys.settings(), saved);
      setAccounts(saved.bankAccounts.map(draft));
      setWindowInput(String(saved.paymentWindowMinutes));
      setSuccess(t("Pengaturan pembayaran berhasil disimpan."));
    },
    onError: (failure) => setError(messageOf(failure, t("Gagal menyimpan pengaturan pembayaran."))),
  });

  function edit(key: number, field: keyof BankAccount, value: string) {
    setAccounts((rows) => rows.map((row) => (row.key === key ? { ...row, [field]: value } : row)));
  }

  function submit(event: React.FormEvent) {
    event.preventDefault();
    setSuccess(null);
    if (windowInput.trim() === "") {
      setError("paymentWindowMinutes: is required");
      return;
    }
    setError(null);
    save.mutate({
      bankAccounts: accounts.map(({ bank, accountNumber, accountName }) => ({ bank, accountNumber, accountName })),
      paymentWindowMinutes: Number(windowInput),
    });
  }

  return {
    accounts,
    windowInput,
    setWindowInput,
    error,
    invalidField: invalidFieldOf(error),
    success,
    saving: save.isPending,
    add: () => setAccounts((rows) => [...rows, draft({ bank: "", accountNumber: "", accountName: "" })]),
    remove: (key: number) => setAccounts((rows) => rows.filter((row) => row.key !== key)),
    edit,
    submit,
  };
}
