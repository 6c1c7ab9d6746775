import { z } from "zod";

export const deliveryFeeBody = z.object({
  deliveryFee: z
    .number({ error: "Ongkos kirim harus bernilai 0 atau lebih." })
    .int("Ongkos kirim harus berupa bilangan bulat.")
    .min(0, "Ongkos kirim harus bernilai 0 atau lebih.")
    .max(100_000_000, "Ongkos kirim terlalu besar."),
});

export const deliveryFeeSchema = z.object({ deliveryFee: z.number().int() });
export type DeliveryFee = z.infer<typeof deliveryFeeSchema>;
