import { Modal } from "../../../components/modal";
import { useTranslation } from "../../../lib/i18n";

export function AddedToCartModal({
  open,
  line,
  onClose,
  onViewCart,
}: {
  open: boolean;
  /** What was added, e.g. "2 × Rose Bouquet, Large, Red". */
  line: string;
  onClose: () => void;
  onViewCart: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={t("Product added to cart.")}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            {t("Continue Shopping")}
          </button>
          <button type="button" className="btn btn-primary" onClick={onViewCart} data-autofocus>
            {t("View Cart")}
          </button>
        </>
      }
    >
      <p>{line}</p>
    </Modal>
  );
}
