import type { Product, ProductSort, SortDirection } from "@florist/contract";
import { Currency } from "../../../components/currency";
import { ProductImage } from "../../../components/product-image";
import { useTranslation } from "../../../lib/i18n";
import { isOutOfStock } from "../lib/products";
import { SortableHeader } from "./sortable-header";

export interface ProductsTableProps {
  products: readonly Product[];
  categoryName: (categoryId: number | null) => string;
  /** The order the server listed the products in; its column shows an arrow. */
  order: { sort: ProductSort | null; dir: SortDirection };
  /** A click on a sortable column's header asks the server for that order. */
  onSort: (column: ProductSort) => void;
  busyProductId: number | null;
  onChangeImage: (product: Product) => void;
  onEdit: (product: Product) => void;
  onToggleAvailability: (product: Product) => void;
  onDelete: (product: Product) => void;
}

/** The admin's Product List, sortable by name, price and stock; out-of-stock rows are set apart. */
export function ProductsTable({
  products,
  categoryName,
  order,
  onSort,
  busyProductId,
  onChangeImage,
  onEdit,
  onToggleAvailability,
  onDelete,
}: ProductsTableProps) {
  const { t } = useTranslation();
  const header = (column: ProductSort, label: string, className?: string) => (
    <SortableHeader column={column} label={label} order={order} onSort={onSort} className={className} />
  );
  return (
    <div className="admin-table-wrap">
      <table className="admin-table products-table">
        <thead>
          <tr>
            <th scope="col">{t("Image")}</th>
            {header("name", t("Product"))}
            <th scope="col">{t("Category")}</th>
            {header("price", t("Price"), "numeric")}
            {header("stock", t("Stock"), "numeric")}
            <th scope="col">{t("Status")}</th>
            <th scope="col">{t("Action")}</th>
          </tr>
        </thead>
        <tbody>
          {products.map((product) => {
            const out = isOutOfStock(product);
            const busy = busyProductId === product.productId;
            return (
              <tr
                key={product.productId}
                className={out ? "is-out-of-stock" : undefined}
                data-product-id={product.productId}
                aria-busy={busy}
              >
                <td className="cell-image">
                  <div className="product-thumb">
                    <ProductImage src={product.imageUrl} alt={product.name} width={64} height={64} />
                  </div>
                </td>
                <th scope="row" className="cell-product">
                  <span className="cell-title">{product.name}</span>
                  {product.description ? <span className="cell-description">{product.description}</span> : null}
                </th>
                <td data-label={t("Category")}>{categoryName(product.categoryId)}</td>
                <td data-label={t("Price")} className="numeric">
                  <Currency amount={product.price} />
                </td>
                <td data-label={t("Stock")} className="numeric">
                  {product.stockQuantity}
                </td>
                <td data-label={t("Status")}>
                  <span className={`status-badge ${out ? "out-of-stock" : "available"}`}>
                    {out ? t("Out of Stock") : t("Available")}
                  </span>
                </td>
                <td data-label={t("Action")} className="cell-actions">
                  <div className="row-actions">
                    <button
                      type="button"
                      className="btn btn-secondary btn-small"
                      onClick={() => onChangeImage(product)}
                      disabled={busy}
                    >
                      {t("Change Image")}
                    </button>
                    <button
                      type="button"
                      className="btn btn-primary btn-small"
                      onClick={() => onEdit(product)}
                      disabled={busy}
                    >
                      {t("Edit")}
                    </button>
                    <button
                      type="button"
                      className="btn btn-secondary btn-small"
                      onClick={() => onToggleAvailability(product)}
                      disabled={busy}
                    >
                      {out ? t("Mark Available") : t("Mark Out of Stock")}
                    </button>
                    <button
                      type="button"
                      className="btn btn-ghost btn-small btn-ghost-danger"
                      onClick={() => onDelete(product)}
                      disabled={busy}
                    >
                      {t("Delete")}
                    </button>
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
