import type { Product } from "@florist/contract";
import { useRef } from "react";
import { imageFileProblem } from "../lib/image-file";

/**
 * Change Image of the product list: one hidden file input serves every row. Picking a row opens
 * the file dialog; a file that breaks the image rule is refused with its message, a good one is handed on.
 */
export function useCoverPicker(onChosen: (product: Product, file: File) => void, onProblem: (message: string) => void) {
  const input = useRef<HTMLInputElement>(null);
  const target = useRef<Product | null>(null);

  function pick(product: Product) {
    target.current = product;
    if (input.current) {
      input.current.value = "";
      input.current.click();
    }
  }

  function change(event: React.ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    const product = target.current;
    if (!file || !product) return;
    const problem = imageFileProblem(file);
    event.target.value = "";
    if (problem) onProblem(problem);
    else onChosen(product, file);
  }

  return { pick, inputProps: { ref: input, onChange: change } };
}
