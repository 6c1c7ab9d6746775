import type { UnavailableItem } from "@florist/contract";
import { useTranslation } from "../lib/i18n";
import { Modal } from "./modal";

/** The stock shortage modal lists each short product as '- name: N tersedia, M diminta' (the shop's wording). */
export function StockShortageModal({ items, onClose }: { items: UnavailableItem[] | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal open={items !== null} title={t("Stok tidak mencukupi")} onClose={onClose} role="alertdialog">
      <ul className="shortage-list">
        {(items ?? []).map((item) => (
          <li key={item.name}>
            {t("- {{name}}: {{available}} tersedia, {{requested}} diminta", {
              name: item.name,
              available: item.availableStock,
              requested: item.requestedStock,
            })}
          </li>
        ))}
      </ul>
      <p>{t("Silakan sesuaikan jumlah atau hapus item tersebut dari keranjang sebelum melanjutkan.")}</p>
    </Modal>
  );
}

export function unavailableItemsOf(body: unknown): UnavailableItem[] | null {
  if (body && typeof body === "object" && "unavailableItems" in body) {
    const items = (body as { unavailableItems: unknown }).unavailableItems;
    if (Array.isArray(items) && items.length > 0) return items as UnavailableItem[];
  }
  return null;
}
