import type { Category } from "@florist/contract";
import { useId } from "react";
import { useTranslation } from "../../../lib/i18n";
import type { FormMode, ProductFormValues } from "../lib/product-form";

type DetailKey = "categoryId" | "name" | "description" | "price" | "stock";

export interface ProductDetailsFieldsProps {
  mode: FormMode;
  values: Pick<ProductFormValues, DetailKey>;
  categories: readonly Category[];
  onChange: (key: DetailKey, value: string) => void;
}

/** Category, Product Name, Description, Price and Stock of the product form. */
export function ProductDetailsFields({ mode, values, categories, onChange }: ProductDetailsFieldsProps) {
  const { t } = useTranslation();
  const ids = { category: useId(), name: useId(), description: useId(), price: useId(), stock: useId() };
  return (
    <>
      <div className="form-row">
        <div className="field">
          <label htmlFor={ids.category}>{t("Category")}</label>
          <select
            id={ids.category}
            className="select"
            value={values.categoryId}
            onChange={(event) => onChange("categoryId", event.target.value)}
            required
          >
            <option value="">{t("Select category")}</option>
            {categories.map((category) => (
              <option key={category.category_id} value={category.category_id}>
                {category.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.name}>{t("Product Name")}</label>
          <input
            id={ids.name}
            className="input"
            value={values.name}
            maxLength={120}
            onChange={(event) => onChange("name", event.target.value)}
            required
          />
        </div>
      </div>

      <div className="field">
        <label htmlFor={ids.description}>{t("Description")}</label>
        <textarea
          id={ids.description}
          className="textarea"
          rows={3}
          value={values.description}
          maxLength={4000}
          onChange={(event) => onChange("description", event.target.value)}
          required={mode === "edit"}
        />
      </div>

      <div className="form-row">
        <WholeNumberField
          id={ids.price}
          label={t("Price")}
          value={values.price}
          onChange={(value) => onChange("price", value)}
        />
        <WholeNumberField
          id={ids.stock}
          label={t("Stock")}
          value={values.stock}
          onChange={(value) => onChange("stock", value)}
        />
      </div>
    </>
  );
}

/** A required whole number of zero or more (price in rupiah, stock). */
function WholeNumberField({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="input"
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        required
      />
    </div>
  );
}
