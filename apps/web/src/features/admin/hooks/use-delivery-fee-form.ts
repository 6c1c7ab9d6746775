import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { messageOf } from "../../../lib/api-client";
import { deliveryFeeKey } from "../../../lib/cart";
import { useTranslation } from "../../../lib/i18n";
import { adminDeliveryFeeQuery, parseDeliveryFee, saveDeliveryFee } from "../api/settings";

/**
 * The delivery fee form: the typed value, its one message and saving. A fee that breaks the rule
 * is not sent; a saved one reaches the cart and checkout at once.
 */
export function useDeliveryFeeForm(current: number, loadError: string | null) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [input, setInput] = useState(String(current));
  const [error, setError] = useState<string | null>(loadError);
  const [success, setSuccess] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: saveDeliveryFee,
    onSuccess: (answer) => {
      setSuccess(t("Ongkos kirim berhasil diperbarui."));
      // Checkout and the cart read the fee through the storefront's query; they get the new one at once.
      queryClient.setQueryData(deliveryFeeKey, answer.deliveryFee);
      queryClient.setQueryData(adminDeliveryFeeQuery.queryKey, answer);
    },
    onError: (failure) => setError(messageOf(failure, t("Gagal menyimpan ongkos kirim."))),
  });

  function submit(event: React.FormEvent) {
    event.preventDefault();
    setSuccess(null);
    const fee = parseDeliveryFee(input);
    if (fee === null) {
      setError(t("Ongkos kirim harus bernilai 0 atau lebih."));
      return;
    }
    setError(null);
    setInput(String(fee));
    save.mutate(fee);
  }

  return { input, setInput, error, success, saving: save.isPending, submit };
}
