import { Modal } from "../../../components/modal";

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
  return (
    <Modal
      open={open}
      title="Product added to cart."
      onClose={onClose}
      actions={
        <>
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            Continue Shopping
          </button>
          <button type="button" className="btn btn-primary" onClick={onViewCart} data-autofocus>
            View Cart
          </button>
        </>
      }
    >
      <p>{line}</p>
    </Modal>
  );
}
