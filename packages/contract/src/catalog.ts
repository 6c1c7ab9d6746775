import { z } from "zod";
import { id } from "./common.js";

export type AvailabilityStatus = "in_stock" | "out_of_stock";

export interface Category {
  category_id: number;
  name: string;
}

export interface CatalogProduct {
  productId: number;
  name: string;
  description: string;
  price: number;
  imageUrl: string | null;
  stockQuantity: number;
  availabilityStatus: AvailabilityStatus;
}

export interface CatalogCategory {
  categoryId: number;
  name: string;
  products: CatalogProduct[];
}

export interface ProductImage {
  imageId: number;
  color_name: string;
  image_url: string;
  stockQuantity: number;
}

export interface Product {
  productId: number;
  categoryId: number | null;
  name: string;
  description: string;
  price: number;
  stockQuantity: number;
  imageUrl: string | null;
  availabilityStatus: AvailabilityStatus;
  sizeOptions: string[];
  colorOptions: string[];
  productType: string;
  images: ProductImage[];
}

export interface Customization {
  customization_id: number;
  name: string;
  price: number;
}

export const sizePriceParams = z.object({ size: z.string().trim().min(1, "Size is required.").max(60) });
export const sizePriceQuery = z.object({ productId: id });

export interface SizePrice {
  productId: number;
  size: string;
  price: number;
}

export interface PostSection {
  heading: string;
  paragraphs: string[];
  bullets?: string[];
}

export interface Post {
  postId: number;
  title: string;
  excerpt: string;
  imageUrl: string | null;
  publishedAt: string;
  author?: string;
  category?: string;
}

export interface PostDetail extends Post {
  sections: PostSection[];
}
